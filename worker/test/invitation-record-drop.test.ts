/**
 * The worker's database connection drops between the SMTP server taking an invitation and
 * the worker recording it (sent_at): the recording is made again on a new connection, so the
 * job succeeds and BullMQ never retries it into a second e-mail. The drop is real: a trigger
 * on the recording, for this test's addresses only, terminates the backend that runs it,
 * once per address (a sequence counts, and sequences ignore the rollback).
 */
import "./invitation-env";
import { randomBytes } from "node:crypto";
import { config } from "@sched/core/config";
import { db, pool } from "@sched/core/db/client";
import { employeeInvitations } from "@sched/core/db/schema";
import { closeQueues, getEmailQueue, invitationEmailJobId } from "@sched/core/queues";
import { buildCompany, uniqueEmail } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeMail } from "../src/mail/transport";
import { startWorkers } from "../src/workers";
import { eventually, header, inviteAs, startSmtpServer } from "./invitation-support";

const TAG = `drop_${randomBytes(4).toString("hex")}`;
const EMAIL_PATTERN = `${TAG}%`;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const rowWhileSending = new Map<string, { attempted: boolean; sent: boolean }>();
let workers: ReturnType<typeof startWorkers>;

beforeAll(async () => {
  // Identifiers are this file's own (TAG is hex), so files running side by side never meet.
  await pool.query(`create sequence ${TAG}_seq`);
  await pool.query(`
    create function ${TAG}_drop() returns trigger language plpgsql as $$
    begin
      if nextval('${TAG}_seq') = 1 then
        perform pg_terminate_backend(pg_backend_pid());
      end if;
      return new;
    end $$`);
  await pool.query(`
    create trigger ${TAG}_trigger before update of sent_at on employee_invitation
    for each row when (old.sent_at is null and new.sent_at is not null and new.email like '${EMAIL_PATTERN}')
    execute function ${TAG}_drop()`);
  smtp = await startSmtpServer({
    // What the row said while the SMTP server held the message, before the worker heard 250.
    beforeAccept: async (mail) => {
      const [row] = await db
        .select()
        .from(employeeInvitations)
        .where(eq(employeeInvitations.email, mail.to[0]));
      if (row)
        rowWhileSending.set(mail.to[0], {
          attempted: row.sendAttemptedAt !== null,
          sent: row.sentAt !== null,
        });
    },
  });
  config.smtpUrl = smtp.url;
  workers = startWorkers();
});

afterAll(async () => {
  await workers?.close();
  await closeQueues();
  closeMail();
  await smtp?.close();
  await pool.query(`drop trigger if exists ${TAG}_trigger on employee_invitation`);
  await pool.query(`drop function if exists ${TAG}_drop()`);
  await pool.query(`drop sequence if exists ${TAG}_seq`);
});

describe("the worker's database connection dropped right after the SMTP server took the invitation", () => {
  it("records the sending on a new connection and sends the e-mail once", { timeout: 30_000 }, async () => {
    const { company, owner } = await buildCompany();
    const email = `${TAG}${uniqueEmail("drop")}`;
    const { id } = await inviteAs(owner, company.id, email);

    await eventually(
      async () =>
        (await (await getEmailQueue().getJob(invitationEmailJobId(id)))?.isCompleted()) ? true : undefined,
      20_000,
      "e-mail job completed",
    );
    // The drop happened: the first recording ran the trigger and lost its connection.
    const { rows } = await pool.query<{ last_value: string }>(`select last_value from ${TAG}_seq`);
    expect(Number(rows[0].last_value)).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(employeeInvitations).where(eq(employeeInvitations.id, id));
    expect(row.sentAt).toBeInstanceOf(Date);
    const mails = smtp.mailTo(email);
    expect(mails).toHaveLength(1);
    expect(header(mails[0], "Message-ID")).toMatch(new RegExp(`^<invitation-${id}@`));
  });

  it("recorded the attempt before the e-mail left, and the sending after", { timeout: 30_000 }, async () => {
    const { company, owner } = await buildCompany();
    const email = uniqueEmail("attempt");
    const { id } = await inviteAs(owner, company.id, email);
    await eventually(
      async () =>
        (await (await getEmailQueue().getJob(invitationEmailJobId(id)))?.isCompleted()) ? true : undefined,
      20_000,
      "e-mail job completed",
    );
    expect(rowWhileSending.get(email)).toEqual({ attempted: true, sent: false });
    const [row] = await db.select().from(employeeInvitations).where(eq(employeeInvitations.id, id));
    expect(row.sendAttemptedAt?.getTime()).toBeLessThanOrEqual(row.sentAt?.getTime() ?? 0);
    expect(smtp.mailTo(email)).toHaveLength(1);
  });
});
