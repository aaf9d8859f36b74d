/**
 * The owners' weekly numbers e-mail (docs/numbers.md): owed on Monday from 07:00 in the
 * company's time zone for the week before, once per company and week however often the sweep
 * runs, also after a restart (new outbox connections); off by default; each company's mail
 * holds its own numbers only. Delivered to a real SMTP server.
 */
import { takeNumber } from "@sched/core/commands/create-invoice";
import { sweepWeeklyNumbers, weekOwed } from "@sched/core/commands/sweep-weekly-numbers";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { companySettings, invoices, mailOutbox, weeklyNumbersMails } from "@sched/core/db/schema";
import { closeMailClaims } from "@sched/core/mail-outbox/claim";
import { closeQueues } from "@sched/core/queues";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeMail } from "../src/mail/transport";
import { deliverMail } from "../src/mail-outbox";
import { startSmtpServer } from "./invitation-support";

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

/** A company in `timeZone` with the e-mail on (unless `on` is false) and `done` jobs done on each date. */
async function company(timeZone: string, done: Record<string, number> = {}, on = true) {
  const tenant = await buildTenant();
  await db.insert(companySettings).values({ companyId: tenant.company.id, timeZone, weeklyNumbersEmail: on });
  for (const [date, count] of Object.entries(done))
    for (let i = 0; i < count; i++)
      await buildJob(tenant.company.id, tenant.employee.id, { date, status: "completed" });
  return tenant;
}

const mailsOf = (companyId: string) =>
  db.select().from(weeklyNumbersMails).where(eq(weeklyNumbersMails.companyId, companyId));

const subjectOf = (decoded: string) => /Subject: ([^\r\n]+)/.exec(decoded)?.[1];

// Monday 2026-03-09, 07:30 in Chicago (CDT since the day before): the week 03-02 to 03-08 is owed.
const MONDAY_MORNING = new Date("2026-03-09T12:30:00Z");

describe("the weekly numbers e-mail", () => {
  it("is owed once per company and week and sent once across a restart, with the company's own numbers", async () => {
    const a = await company("America/Chicago", { "2026-03-03": 2, "2026-03-04": 1, "2026-02-25": 1 });
    const b = await company("America/Chicago", { "2026-03-05": 5 });
    // B has money: an invoice issued on 03-04, part paid.
    await db.insert(invoices).values({
      companyId: b.company.id,
      number: await takeNumber(db, b.company.id, "invoice"),
      status: "partly_paid",
      currency: "USD",
      pricesIncludeTax: false,
      subtotal: 12_000,
      tax: 0,
      total: 12_000,
      paid: 5_000,
      issuedOn: "2026-03-04",
      dueOn: "2026-03-18",
    });
    const off = await company("America/Chicago", { "2026-03-03": 1 }, false);
    const silent = await buildTenant(); // never saved its settings: off by default

    await sweepWeeklyNumbers(MONDAY_MORNING);
    await sweepWeeklyNumbers(new Date(MONDAY_MORNING.getTime() + 15 * 60 * 1000));
    const [mailA, ...moreA] = await mailsOf(a.company.id);
    const [mailB] = await mailsOf(b.company.id);
    expect([mailA.weekFrom, moreA.length, mailB.weekFrom]).toEqual(["2026-03-02", 0, "2026-03-02"]);
    expect(await mailsOf(off.company.id)).toEqual([]);
    expect(await mailsOf(silent.company.id)).toEqual([]);

    expect(await deliverMail("weekly_numbers", mailA.id)).toBe("sent");
    expect(await deliverMail("weekly_numbers", mailB.id)).toBe("sent");

    // A restarted worker: new outbox connections, the sweep and the wake-ups again.
    closeMail();
    await closeMailClaims();
    await sweepWeeklyNumbers(new Date(MONDAY_MORNING.getTime() + 60 * 60 * 1000));
    expect(await mailsOf(a.company.id)).toHaveLength(1);
    expect(await deliverMail("weekly_numbers", mailA.id)).toBe("already-sent");

    const [toA, ...moreToA] = smtp.mailTo(a.owner.email);
    expect(moreToA).toHaveLength(0);
    expect(subjectOf(toA.decoded)).toBe(
      `${a.company.name}: last week's numbers (Mar 2, 2026 to Mar 8, 2026)`,
    );
    expect(toA.decoded).toContain("Jobs done: 3 (week before: 1)");
    expect(toA.decoded).toContain("Calls booked: none (0 of 0) (week before: none (0 of 0))");
    expect(toA.decoded).toContain(`${config.appUrl}/numbers?kind=week&from=2026-03-02&to=2026-03-08`);
    expect(toA.decoded).not.toContain("Billed / paid");
    expect(toA.decoded).toContain("<table");
    const [toB] = smtp.mailTo(b.owner.email);
    expect(toB.decoded).toContain("Jobs done: 5 (week before: 0)");
    expect(toB.decoded).toContain("Billed / paid: $120.00 / $50.00 (week before: $0.00 / $0.00)");
    expect(toB.decoded).not.toContain(a.company.name);
    expect(toA.decoded).not.toContain(b.company.name);
    expect(smtp.mailTo(off.owner.email)).toEqual([]);
    expect(smtp.mailTo(a.admin.email)).toEqual([]);

    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.companyId, a.company.id));
    expect(rows.map((row) => [row.kind, row.outcome])).toEqual([["weekly_numbers", "sent"]]);
    expect((await mailsOf(a.company.id))[0].sentAt).not.toBeNull();
  });

  it("lets the company's time zone decide the Monday morning and the week", async () => {
    const tokyo = await company("Asia/Tokyo");
    const chicago = await company("America/Chicago");
    // 03:00 UTC Monday: noon in Tokyo, still Sunday evening in Chicago.
    await sweepWeeklyNumbers(new Date("2026-03-09T03:00:00Z"));
    expect((await mailsOf(tokyo.company.id)).map((row) => row.weekFrom)).toEqual(["2026-03-02"]);
    expect(await mailsOf(chicago.company.id)).toEqual([]);
    // 06:59 CDT (11:59 UTC; it would be 05:59 CST): not yet; 07:00 CDT: the week 03-02.
    await sweepWeeklyNumbers(new Date("2026-03-09T11:59:00Z"));
    expect(await mailsOf(chicago.company.id)).toEqual([]);
    await sweepWeeklyNumbers(new Date("2026-03-09T12:00:00Z"));
    expect((await mailsOf(chicago.company.id)).map((row) => row.weekFrom)).toEqual(["2026-03-02"]);
    // Sunday 22:00 UTC is Monday 07:00 in Tokyo: the next week.
    await sweepWeeklyNumbers(new Date("2026-03-15T22:00:00Z"));
    expect((await mailsOf(tokyo.company.id)).map((row) => row.weekFrom).sort()).toEqual([
      "2026-03-02",
      "2026-03-09",
    ]);
    expect(weekOwed(new Date("2026-03-10T12:00:00Z"), "America/Chicago")).toBeUndefined();
  });

  it("is dropped when the company turned it off after it was owed", async () => {
    const tenant = await company("UTC");
    await sweepWeeklyNumbers(new Date("2026-03-09T07:00:00Z"));
    const [mail] = await mailsOf(tenant.company.id);
    await db
      .update(companySettings)
      .set({ weeklyNumbersEmail: false })
      .where(eq(companySettings.companyId, tenant.company.id));
    expect(await deliverMail("weekly_numbers", mail.id)).toBe("off");
    expect(smtp.mailTo(tenant.owner.email)).toEqual([]);
  });
});
