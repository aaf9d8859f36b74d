import "./invitation-env";
/**
 * What a booking notice's time says, and when it says nothing (docs/customers.md):
 * the time reads in the company's format (its setting, else its country's: 12-hour in the
 * US, 24-hour in Britain), no customer is told of a visit already past, and an invitation
 * expires at a time written in the company's time zone.
 */
import { config } from "@sched/core/config";
import { isVisitPast } from "@sched/core/customer-notices/visit-time";
import { db } from "@sched/core/db/client";
import { customerNotices } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { companyTimeFormat, formatClock } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendCustomerNotice } from "../src/jobs/send-customer-notice";
import { renderInvitationEmail } from "../src/mail/invitation";
import { closeMail } from "../src/mail/transport";
import { bookJob, noticeCompany, noticesOf } from "./customer-notice-support";
import { header, startSmtpServer } from "./invitation-support";

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  config.smtpUrl = smtp.url;
});
afterAll(async () => {
  await closeQueues();
  closeMail();
  await smtp.close();
});

describe("the visit's time", () => {
  it("reads as the country reads a clock, unless the company chose a format", () => {
    const us = companyTimeFormat({ country: "US" });
    const gb = companyTimeFormat({ country: "GB", timeFormat: null });
    expect(formatClock("14:30", us)).toBe("2:30 PM");
    expect(formatClock("09:05", us)).toBe("9:05 AM");
    expect(formatClock("00:15", us)).toBe("12:15 AM");
    expect(formatClock("14:30", gb)).toBe("14:30");
    expect(formatClock("09:05", gb)).toBe("09:05");
    expect(formatClock("14:30", companyTimeFormat({ country: "GB", timeFormat: "12h" }))).toBe("2:30 PM");
    expect(formatClock("14:30", companyTimeFormat({ country: "US", timeFormat: "24h" }))).toBe("14:30");
  });

  it("is past once its start has gone by in the company's time zone", () => {
    const now = new Date("2031-01-14T15:30:00Z"); // 09:30 in Chicago
    expect(isVisitPast("2031-01-14", "09:00", "America/Chicago", now)).toBe(true);
    expect(isVisitPast("2031-01-14", "10:00", "America/Chicago", now)).toBe(false);
    expect(isVisitPast("2031-01-14", "16:00", "UTC", now)).toBe(false);
  });

  it("a British company's confirmation says 14:30; an American one's 2:30 PM, or 14:30 when it chose 24-hour", async () => {
    for (const [country, timeFormat, words] of [
      ["GB", null, "at 14:30"],
      ["US", null, "at 2:30 PM"],
      ["US", "24h", "at 14:30"],
    ] as const) {
      const tenant = await noticeCompany({ country, timeFormat, timeZone: "Europe/London" });
      const { job, email } = await bookJob(tenant, { time: "14:30" });
      const [notice] = await noticesOf(job.id);
      expect(await sendCustomerNotice({ data: { noticeId: notice.id } })).toBe("sent");
      const [mail] = await smtp.waitForMail(email, 20_000);
      expect(header(mail, "Subject")).toBe(
        `Your visit from Drip & Drain is booked for Tuesday, January 14, 2031 ${words}`,
      );
    }
  });

  it("a confirmation of a visit already past is dropped, never sent", async () => {
    const tenant = await noticeCompany({ timeZone: "UTC" });
    const { job } = await bookJob(tenant, { date: "2026-01-05", time: "09:00" });
    const [notice] = await noticesOf(job.id);
    expect(await sendCustomerNotice({ data: { noticeId: notice.id } })).toBe("skipped");
    expect(await db.select().from(customerNotices).where(eq(customerNotices.id, notice.id))).toEqual([]);
  });
});

describe("the invitation's expiry", () => {
  it("is written in the company's time zone and clock", () => {
    const facts = {
      companyName: "Drip & Drain",
      inviterName: "Olive Owner",
      role: "employee" as const,
      link: "http://app.test/invite/abc",
      expiresAt: new Date("2026-12-04T23:30:00Z"),
    };
    expect(
      renderInvitationEmail({ ...facts, timeZone: "America/Chicago", timeFormat: "12h" }).text,
    ).toContain("expires on December 4, 2026 at 5:30 PM (America/Chicago time).");
    expect(renderInvitationEmail({ ...facts, timeZone: "Europe/Berlin", timeFormat: "24h" }).text).toContain(
      "expires on December 5, 2026 at 00:30 (Europe/Berlin time).",
    );
  });
});
