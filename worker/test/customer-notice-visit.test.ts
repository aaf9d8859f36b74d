import "./invitation-env";
/**
 * What the booking e-mails add for the customer's side (docs/customers.md): the visit page's
 * link in every notice about a visit, the arrival estimate of On my way, and the "done" e-mail
 * with the company's review link, each e-mail once beside its text.
 */
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { bookingSettings } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeMail } from "../src/mail/transport";
import { deliverMail } from "../src/mail-outbox";
import { bookJob, changeJob, noticeCompany, noticesOf } from "./customer-notice-support";
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

/** Sends the job's e-mail of `kind` from the outbox, as the worker does, and answers it. */
async function mailOf(jobId: string, kind: string, email: string) {
  const notice = (await noticesOf(jobId)).find((n) => n.kind === kind && n.channel === "email");
  expect(notice, kind).toBeDefined();
  expect(await deliverMail("customer_notice", notice?.id ?? "")).toBe("sent");
  return smtp.mailTo(email).at(-1);
}

describe("booking e-mails and the visit page", () => {
  it("link the visit page, say the arrival time on the way, and thank with the review link when done", async () => {
    const tenant = await noticeCompany();
    await db
      .insert(bookingSettings)
      .values({ companyId: tenant.company.id, reviewUrl: "https://reviews.example/drip" });
    const { job, email } = await bookJob(tenant);

    const confirmation = await mailOf(job.id, "confirmation", email);
    const link = /See, change or cancel your visit: (http:\/\/app\.test\/visit\/\S+)/.exec(
      confirmation?.decoded ?? "",
    )?.[1];
    expect(link).toBeDefined();

    // 15:40 UTC is 9:40 AM in Chicago; the same link as the confirmation's.
    await changeJob(job.id, { onMyWayAt: new Date(), arrivalEstimateAt: new Date("2031-01-14T15:40:00Z") });
    const onTheWay = await mailOf(job.id, "on_the_way", email);
    expect(header(onTheWay!, "Subject")).toBe("Drip & Drain is on the way, arriving about 9:40 AM");
    expect(onTheWay?.decoded).toContain("Expected arrival: about 9:40 AM.");
    expect(onTheWay?.decoded).toContain(`Your visit's page: ${link}`);

    await changeJob(job.id, { status: "completed", completedAt: new Date() });
    const done = await mailOf(job.id, "done", email);
    expect(header(done!, "Subject")).toBe("Drip & Drain has finished your visit");
    expect(done?.decoded).toContain("How did we do? Leave a review: https://reviews.example/drip");
    expect(done?.decoded).toContain(`Your visit's page: ${link}`);

    // Reopened and completed again: the customer is thanked once.
    await changeJob(job.id, { status: "in_progress", completedAt: null });
    await changeJob(job.id, { status: "completed", completedAt: new Date() });
    expect((await noticesOf(job.id)).filter((n) => n.kind === "done")).toHaveLength(1);
    expect(smtp.mailTo(email)).toHaveLength(3);
  }, 40_000);
});
