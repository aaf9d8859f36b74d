/**
 * Invoice e-mails through the mail outbox (docs/money.md, docs/reliability.md): the invoice
 * with its PDF, and an overdue reminder, each delivered once to a real SMTP server, also
 * when a restarted worker (new outbox connections) runs the sweep and the delivery again.
 */
import { randomUUID } from "node:crypto";
import { takeNumber } from "@sched/core/commands/create-invoice";
import { sendInvoice } from "@sched/core/commands/send-invoice";
import { sweepInvoicesDue } from "@sched/core/commands/sweep-invoices-due";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { invoiceReminders, invoices, mailOutbox } from "@sched/core/db/schema";
import { closeMailClaims } from "@sched/core/mail-outbox/claim";
import { loadCompanyAccess } from "@sched/core/policies/company-access";
import { closeQueues } from "@sched/core/queues";
import { buildTenant } from "@sched/core/test/factories";
import { addDays } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeMail } from "../src/mail/transport";
import { deliverMail } from "../src/mail-outbox";
import { startSmtpServer } from "./invitation-support";

const TODAY = new Date().toISOString().slice(0, 10);
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  config.smtpUrl = smtp.url;
});
afterAll(async () => {
  closeMail();
  await closeMailClaims();
  await closeQueues();
  await smtp.close();
});

describe("invoice e-mails", () => {
  it("sends the invoice with its PDF once, then each overdue reminder once across a restart", async () => {
    const { company, owner } = await buildTenant();
    const email = `${randomUUID()}@customer.test`;
    const [invoice] = await db
      .insert(invoices)
      .values({
        companyId: company.id,
        number: await takeNumber(db, company.id, "invoice"),
        billTo: { name: "Sam Reyes", address: null, email },
        currency: "USD",
        pricesIncludeTax: false,
        subtotal: 12_000,
        tax: 0,
        total: 12_000,
        issuedOn: addDays(TODAY, -20),
        dueOn: addDays(TODAY, -4),
      })
      .returning();
    const member = await loadCompanyAccess(owner.id, company.id);
    if (!member) throw new Error("the owner is a member");
    await sendInvoice(member, invoice.id);

    expect(await deliverMail("invoice_sent", invoice.id)).toBe("sent");
    const [sent] = await smtp.waitForMail(email);
    expect(sent.decoded).toContain(`Invoice ${invoice.number} from`);
    expect(sent.raw).toContain("application/pdf");
    expect(sent.raw).toContain(`invoice-${invoice.number}.pdf`);

    // 4 days past due: the 3-day reminder, owed once however often the sweep runs.
    await sweepInvoicesDue({ companyId: company.id });
    await sweepInvoicesDue({ companyId: company.id });
    const [reminder] = await db
      .select()
      .from(invoiceReminders)
      .where(eq(invoiceReminders.invoiceId, invoice.id));
    expect(reminder.daysOverdue).toBe(3);
    expect(await deliverMail("invoice_reminder", reminder.id)).toBe("sent");

    // A restarted worker: new outbox connections, the sweep and the wake-ups again.
    closeMail();
    await closeMailClaims();
    await sweepInvoicesDue({ companyId: company.id });
    expect(await deliverMail("invoice_reminder", reminder.id)).toBe("already-sent");
    expect(await deliverMail("invoice_sent", invoice.id)).toBe("already-sent");

    const mails = smtp.mailTo(email);
    expect(mails.map((mail) => /Subject: ([^\r\n]+)/.exec(mail.decoded)?.[1])).toEqual([
      `Invoice ${invoice.number} from ${company.name}`,
      `Reminder: invoice ${invoice.number} from ${company.name} is overdue`,
    ]);
    expect(mails[1].decoded).toContain("$120.00 is still owed");
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.companyId, company.id));
    expect(rows.map((row) => [row.kind, row.outcome]).sort()).toEqual([
      ["invoice_reminder", "sent"],
      ["invoice_sent", "sent"],
    ]);
    expect(
      (await db.select().from(invoiceReminders).where(eq(invoiceReminders.id, reminder.id)))[0].sentAt,
    ).not.toBeNull();
  });
});
