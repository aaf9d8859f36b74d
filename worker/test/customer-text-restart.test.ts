import "./invitation-env";
/**
 * A text message exactly once across a worker killed with SIGKILL mid-send
 * (docs/customers.md, "Text messages"; docs/reliability.md): the day-before reminder's row
 * is made once by the sweep, however often it runs; a worker that dies while Twilio holds
 * its request has sent nothing, and the restarted worker sends the one text.
 */
import { db } from "@sched/core/db/client";
import { customerNotices, customers } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { buildJob } from "@sched/core/test/factories";
import { startTwilioStub, type TwilioStub, twilioEnvFor } from "@sched/core/test/twilio-stub";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sweepCustomerNotices } from "../src/jobs/sweep-customer-notices";
import { noticeCompany, noticesOf } from "./customer-notice-support";
import { eventually } from "./invitation-support";
import { workerProcesses } from "./worker-processes";

const workers = workerProcesses();
let stub: TwilioStub;
// No e-mail is involved: the worker processes need an SMTP address, never used here.
const NO_SMTP = "smtp://127.0.0.1:9";

beforeAll(async () => {
  stub = await startTwilioStub();
  // Read by the worker processes this file starts.
  Object.assign(process.env, twilioEnvFor(stub.url));
});
afterEach(() => workers.stopAll());
afterAll(async () => {
  for (const name of Object.keys(twilioEnvFor(stub.url))) delete process.env[name];
  await closeQueues();
  await stub.close();
});

describe("a worker killed with SIGKILL while texting a reminder", () => {
  it("sends the reminder exactly once after a restart, and the sweep records it once", async () => {
    const tenant = await noticeCompany({ reminderTime: "17:00" });
    const phone = "+12015550143";
    const [customer] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Sam Reyes", phone, phoneNormalized: phone })
      .returning();
    const job = await buildJob(tenant.company.id, tenant.employee.id, {
      customerId: customer.id,
      // A date of this file's own: the sweep reminds every company's visits of that day.
      date: "2033-02-22",
      time: "09:00",
    });
    // 18:00 in Chicago the day before the visit.
    const evening = new Date("2033-02-22T00:00:00Z");

    let release: () => void = () => {};
    const reached = stub.holdNext(new Promise<void>((resolve) => (release = resolve)));
    const first = await workers.start(NO_SMTP);
    await sweepCustomerNotices(evening);
    const [reminder] = await noticesOf(job.id);
    expect(reminder).toMatchObject({ kind: "reminder", channel: "sms", recipient: phone });

    // The worker is mid-request to Twilio when it dies: nothing was accepted.
    const { closed } = await reached;
    await workers.killHard(first);
    await closed;
    release();
    expect(stub.textsTo(phone)).toEqual([]);

    // The restarted worker's sweep finds the reminder already recorded.
    await sweepCustomerNotices(evening);
    expect(await noticesOf(job.id)).toHaveLength(1);
    await workers.start(NO_SMTP);
    await eventually(
      async () => {
        const [row] = await db.select().from(customerNotices).where(eq(customerNotices.id, reminder.id));
        return row.sentAt ?? undefined;
      },
      110_000,
      "reminder sent",
    );
    await workers.stopAll();
    await sweepCustomerNotices(evening);
    expect(await noticesOf(job.id)).toHaveLength(1);
    expect(stub.textsTo(phone)).toHaveLength(1);
    expect(stub.textsTo(phone)[0].body).toMatch(/^Hi Sam, a reminder: Drip & Drain visits you tomorrow/);
  }, 150_000);
});
