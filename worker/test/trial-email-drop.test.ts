/**
 * The remaining window of the trial e-mails (worker/src/jobs/trial-emails.ts): the sent-at is
 * set in the transaction that sends, so a connection dropped after the SMTP server took the
 * reminder rolls it back and the job's retry sends it again, as the same message (one
 * Message-ID), after which it is recorded and sent no more. The drop is real: a trigger, for
 * this test's company only, terminates the backend that records it, once.
 */
import { randomBytes } from "node:crypto";
import { config } from "@sched/core/config";
import { db, pool } from "@sched/core/db/client";
import { companies } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendTrialReminderEmailJob } from "../src/jobs/trial-emails";
import { closeMail } from "../src/mail/transport";
import { header, startSmtpServer } from "./invitation-support";

const TAG = `trialdrop_${randomBytes(4).toString("hex")}`;
const DAY_MS = 24 * 60 * 60 * 1000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  config.smtpUrl = smtp.url;
  await pool.query(`create sequence ${TAG}_seq`);
});

afterAll(async () => {
  closeMail();
  await smtp?.close();
  await pool.query(`drop trigger if exists ${TAG}_trigger on companies`);
  await pool.query(`drop function if exists ${TAG}_drop()`);
  await pool.query(`drop sequence if exists ${TAG}_seq`);
});

describe("the connection dropped while a trial reminder is recorded", () => {
  it("sends it again on the retry as the same message, then never more", async () => {
    const { company, owner } = await buildTenant({ trialEndsAt: new Date(Date.now() + 2.5 * DAY_MS) });
    // The company id is a UUID: safe in the trigger's text.
    await pool.query(`
      create function ${TAG}_drop() returns trigger language plpgsql as $$
      begin
        if nextval('${TAG}_seq') = 1 then
          perform pg_terminate_backend(pg_backend_pid());
        end if;
        return new;
      end $$`);
    await pool.query(`
      create trigger ${TAG}_trigger before update of trial_reminder_sent_at on companies
      for each row when (new.id = '${company.id}') execute function ${TAG}_drop()`);
    const job = { data: { companyId: company.id } } as never;

    await expect(sendTrialReminderEmailJob(job)).rejects.toThrow();
    expect(
      (await db.select().from(companies).where(eq(companies.id, company.id)))[0].trialReminderSentAt,
    ).toBeNull();
    expect(await sendTrialReminderEmailJob(job)).toEqual({ sent: true });
    expect(await sendTrialReminderEmailJob(job)).toEqual({ sent: false, reason: "already sent" });

    const mails = await smtp.waitForMail(owner.email, 5_000).then(() => smtp.mailTo(owner.email));
    expect(mails).toHaveLength(2);
    expect(header(mails[0], "Message-ID")).toMatch(new RegExp(`^<trial-reminder-${company.id}-`));
    expect(header(mails[1], "Message-ID")).toBe(header(mails[0], "Message-ID"));
  });
});
