/**
 * A recurring job's e-mail (docs/customers.md): the pattern in words and
 * the next three visits, with the customer's unsubscribe link; nothing for an ended series.
 */
import "./invitation-env";
import { config } from "@sched/core/config";
import { seriesKey } from "@sched/core/customer-notices/keys";
import { unsubscribeToken } from "@sched/core/customer-notices/unsubscribe-token";
import { db } from "@sched/core/db/client";
import { customerNotices, customers, jobSeries } from "@sched/core/db/schema";
import { buildJob, uniqueEmail } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCustomerNotice } from "../src/jobs/send-customer-notice";
import { closeMail } from "../src/mail/transport";
import { type NoticeCompany, noticeCompany } from "./customer-notice-support";
import { header, startSmtpServer } from "./invitation-support";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  config.smtpUrl = smtp.url;
});
afterAll(async () => {
  closeMail();
  await smtp.close();
});

/** A weekly Tuesday series with three visits ahead, and its notice's row (not queued: sent here). */
async function weeklySeries(
  tenant: NoticeCompany,
  kind: "series_confirmation" | "series_change",
  withRows = true,
) {
  const email = uniqueEmail("weekly");
  const [customer] = await db
    .insert(customers)
    .values({ companyId: tenant.company.id, name: "Wes Weekly", email })
    .returning();
  const [series] = await db
    .insert(jobSeries)
    .values({
      companyId: tenant.company.id,
      employeeId: tenant.employee.id,
      customerId: customer.id,
      type: "Maintenance",
      location: "4 Elm St",
      time: "09:00",
      startDate: "2031-01-14",
      rrule: "FREQ=WEEKLY;BYDAY=TU",
    })
    .returning();
  for (const date of withRows ? ["2031-01-14", "2031-01-21", "2031-01-28", "2031-02-04"] : []) {
    await buildJob(tenant.company.id, tenant.employee.id, {
      seriesId: series.id,
      occurrenceDate: date,
      date,
    });
  }
  const [notice] = await db
    .insert(customerNotices)
    .values({
      companyId: tenant.company.id,
      customerId: customer.id,
      kind,
      dedupeKey: seriesKey(series),
      recipient: email,
    })
    .returning();
  return { email, customer, series, notice };
}

describe("a recurring job's e-mail", () => {
  it("gives the pattern and the next three visits, with the customer's unsubscribe link", async () => {
    const tenant = await noticeCompany();
    const { email, customer, notice } = await weeklySeries(tenant, "series_confirmation");
    expect(await sendCustomerNotice({ data: { noticeId: notice.id } })).toBe("sent");
    const [mail] = await smtp.waitForMail(email);
    expect(header(mail, "Subject")).toBe(
      "Your regular visits from Drip & Drain: every week on Tuesday at 9:00 AM",
    );
    expect(mail.decoded).toContain(
      "Drip & Drain booked a regular visit (Maintenance at 4 Elm St): every week on Tuesday at 9:00 AM.",
    );
    expect(mail.decoded).toContain("The next visits: Tue, January 14; Tue, January 21; Tue, January 28.");
    const to = { companyId: tenant.company.id, customerId: customer.id, email };
    expect(mail.decoded).toContain(`http://app.test/unsubscribe/${unsubscribeToken(to)}`);
    expect(await sendCustomerNotice({ data: { noticeId: notice.id } })).toBe("already-sent");
  });

  it("says the rule changed, and sends nothing for an ended series", async () => {
    const tenant = await noticeCompany();
    const changed = await weeklySeries(tenant, "series_change");
    expect(await sendCustomerNotice({ data: { noticeId: changed.notice.id } })).toBe("sent");
    const [mail] = await smtp.waitForMail(changed.email);
    expect(header(mail, "Subject")).toBe(
      "Your regular visits from Drip & Drain have changed: every week on Tuesday at 9:00 AM",
    );

    const ended = await weeklySeries(tenant, "series_confirmation");
    await db.update(jobSeries).set({ endedAt: new Date() }).where(eq(jobSeries.id, ended.series.id));
    expect(await sendCustomerNotice({ data: { noticeId: ended.notice.id } })).toBe("skipped");
    expect(smtp.mailTo(ended.email)).toEqual([]);
  });

  it("names the rule's next dates when the series starts beyond the made occurrences", async () => {
    const tenant = await noticeCompany();
    const { email, notice } = await weeklySeries(tenant, "series_confirmation", false);
    expect(await sendCustomerNotice({ data: { noticeId: notice.id } })).toBe("sent");
    const [mail] = await smtp.waitForMail(email);
    expect(mail.decoded).toContain("The next visits: Tue, January 14; Tue, January 21; Tue, January 28.");
  });
});
