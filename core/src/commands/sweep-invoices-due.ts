/**
 * The worker's pass over invoices past their due date (docs/money.md), every few minutes:
 *   - a sent (or partly paid) invoice not paid by its due date becomes overdue, on the
 *     company's calendar day, and its jobs' payment status with it;
 *   - an overdue invoice that was sent, to a customer with an e-mail address, is reminded on
 *     each of the company's reminder days (3, 7 and 14 days past due by default). The
 *     reminder row and its outbox row are made in one transaction, at most once per invoice
 *     and day (the unique index), so a sweep run twice or by a restarted worker owes each
 *     e-mail once. An invoice found late (a sweep that did not run for days) gets the latest
 *     reminder due, not the ones it missed.
 */
import { DEFAULT_REMINDER_DAYS, dateIn, daysBetween } from "@sched/shared-types";
import { and, eq, gte, inArray, lt } from "drizzle-orm";
import { db } from "../db/client";
import { companySettings, invoiceReminders, invoices, moneySettings } from "../db/schema";
import { logger } from "../logger";
import { hintMail, recordMail } from "../mail-outbox/record";
import { announceInvoice } from "./invoice-events";
import { settledStatus, settleInvoice } from "./invoice-settlement";

/** One pass's bound: the next pass takes the rest. */
const BATCH = 500;

type InvoiceRow = typeof invoices.$inferSelect;

/** Makes the invoice overdue if it is now, under its row lock. */
async function markOverdue(row: InvoiceRow, today: string) {
  const done = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(invoices).where(eq(invoices.id, row.id)).for("update");
    if (!locked || settledStatus(locked, today) === locked.status) return undefined;
    return settleInvoice(tx, locked, {}, today, null);
  });
  if (done) await announceInvoice({ companyId: row.companyId }, done.invoice, done.changedJobs);
  return done !== undefined;
}

/** The latest reminder day reached `daysPast` days after the due date, if any. */
export function reminderDayReached(reminderDays: number[], daysPast: number): number | undefined {
  const reached = reminderDays.filter((day) => day <= daysPast);
  return reached.length === 0 ? undefined : Math.max(...reached);
}

/** Owes the reminder of `day` unless it, or a later one, is already owed. Returns its id when made. */
async function oweReminder(row: InvoiceRow, day: number, recipient: string) {
  return db.transaction(async (tx) => {
    const [later] = await tx
      .select({ id: invoiceReminders.id })
      .from(invoiceReminders)
      .where(and(eq(invoiceReminders.invoiceId, row.id), gte(invoiceReminders.daysOverdue, day)))
      .limit(1);
    if (later) return undefined;
    const [made] = await tx
      .insert(invoiceReminders)
      .values({ companyId: row.companyId, invoiceId: row.id, daysOverdue: day, recipient })
      .onConflictDoNothing()
      .returning({ id: invoiceReminders.id });
    if (!made) return undefined;
    await recordMail(tx, { kind: "invoice_reminder", subjectId: made.id, companyId: row.companyId });
    return made.id;
  });
}

/**
 * One pass at `now`: how many invoices became overdue and how many reminders were owed. The
 * worker sweeps every company; `companyId` keeps a pass to one (tests run side by side, and a
 * pass at a later `now` must not age another test's invoices).
 */
export async function sweepInvoicesDue({
  now = new Date(),
  companyId,
}: {
  now?: Date;
  companyId?: string;
} = {}): Promise<{ overdue: number; reminders: number }> {
  // Every time zone's today is at most a day ahead of UTC's: the rows due before it.
  const latestToday = dateIn(new Date(now.getTime() + 24 * 60 * 60 * 1000), "UTC");
  const rows = await db
    .select({
      invoice: invoices,
      timeZone: companySettings.timeZone,
      reminderDays: moneySettings.reminderDays,
    })
    .from(invoices)
    .leftJoin(companySettings, eq(companySettings.companyId, invoices.companyId))
    .leftJoin(moneySettings, eq(moneySettings.companyId, invoices.companyId))
    .where(
      and(
        inArray(invoices.status, ["sent", "viewed", "partly_paid", "overdue"]),
        lt(invoices.dueOn, latestToday),
        companyId === undefined ? undefined : eq(invoices.companyId, companyId),
      ),
    )
    .orderBy(invoices.dueOn)
    .limit(BATCH);
  let overdue = 0;
  const owed: string[] = [];
  for (const { invoice, timeZone, reminderDays } of rows) {
    try {
      const today = dateIn(now, timeZone ?? undefined);
      if (invoice.status !== "overdue" && (await markOverdue(invoice, today))) overdue++;
      if (settledStatus(invoice, today) !== "overdue" || !invoice.sentAt) continue;
      const recipient = invoice.billTo?.email;
      const day = reminderDayReached(
        reminderDays ?? DEFAULT_REMINDER_DAYS,
        daysBetween(invoice.dueOn, today),
      );
      if (!recipient || day === undefined) continue;
      const made = await oweReminder(invoice, day, recipient);
      if (made) owed.push(made);
    } catch (error) {
      // One invoice's failure never holds up the others; the next pass tries it again.
      logger.warn({ err: error, invoiceId: invoice.id }, "invoice due sweep skipped an invoice");
    }
  }
  for (const id of owed)
    await hintMail("invoice_reminder", id).catch((error: unknown) =>
      logger.warn({ err: error, reminderId: id }, "reminder left to the outbox's poll"),
    );
  return { overdue, reminders: owed.length };
}

/** The worker's record that a reminder's e-mail left (the outbox row records it too). */
export async function markReminderSent(reminderId: string, sentAt = new Date()): Promise<void> {
  await db.update(invoiceReminders).set({ sentAt }).where(eq(invoiceReminders.id, reminderId));
}
