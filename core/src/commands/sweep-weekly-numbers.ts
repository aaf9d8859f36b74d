/**
 * The owners' weekly e-mail of the company's numbers (docs/numbers.md): on Monday from 07:00
 * in the company's time zone, a company with `weeklyNumbersEmail` on is owed one e-mail
 * about the week before (Monday to Sunday). The weekly_numbers_mails row (unique per company
 * and week) and its outbox row are made in one transaction, so a sweep run twice or by a
 * restarted worker owes the e-mail once. A worker away all Monday skips that week.
 */
import { addDays, isoWeekday, wallClock } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { companySettings, weeklyNumbersMails } from "../db/schema";
import { logger } from "../logger";
import { hintMail, recordMail } from "../mail-outbox/record";

/** The company's wall clock from which Monday's e-mail is owed. */
export const WEEKLY_NUMBERS_FROM = "07:00";

/** The week owed at `now` in `timeZone`: on Mondays from 07:00, the week before; else none. */
export function weekOwed(now: Date, timeZone: string): { from: string; to: string } | undefined {
  const clock = wallClock(now, timeZone);
  const today = clock.slice(0, 10);
  if (isoWeekday(today) !== 1 || clock.slice(11) < WEEKLY_NUMBERS_FROM) return undefined;
  return { from: addDays(today, -7), to: addDays(today, -1) };
}

/** Owes the company's e-mail for the week starting `weekFrom` unless it is owed already; its id when made. */
async function oweWeeklyNumbers(companyId: string, weekFrom: string) {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(weeklyNumbersMails)
      .values({ companyId, weekFrom })
      .onConflictDoNothing()
      .returning({ id: weeklyNumbersMails.id });
    if (!made) return undefined;
    await recordMail(tx, { kind: "weekly_numbers", subjectId: made.id, companyId });
    return made.id;
  });
}

/** One pass at `now`: how many e-mails were owed. */
export async function sweepWeeklyNumbers(now = new Date()): Promise<{ owed: number }> {
  const companies = await db
    .select({ companyId: companySettings.companyId, timeZone: companySettings.timeZone })
    .from(companySettings)
    .where(eq(companySettings.weeklyNumbersEmail, true));
  const owed: string[] = [];
  for (const { companyId, timeZone } of companies) {
    const week = weekOwed(now, timeZone);
    if (!week) continue;
    try {
      const made = await oweWeeklyNumbers(companyId, week.from);
      if (made) owed.push(made);
    } catch (error) {
      // One company's failure never holds up the others; the next pass tries it again.
      logger.warn({ err: error, companyId }, "weekly numbers sweep skipped a company");
    }
  }
  for (const id of owed)
    await hintMail("weekly_numbers", id).catch((error: unknown) =>
      logger.warn({ err: error, mailId: id }, "weekly numbers left to the outbox's poll"),
    );
  return { owed: owed.length };
}

/** The worker's record that the e-mail left (the outbox row records it too). */
export async function markWeeklyNumbersSent(mailId: string, sentAt = new Date()): Promise<void> {
  await db.update(weeklyNumbersMails).set({ sentAt }).where(eq(weeklyNumbersMails.id, mailId));
}
