import "./invitation-env";
import type { ChildProcess } from "node:child_process";
import { db } from "@sched/core/db/client";
import { employeeInvitations } from "@sched/core/db/schema";
import { lookupInvitation } from "@sched/core/queries/invitations";
import { closeQueues, getEmailQueue } from "@sched/core/queues";
import { buildCompany, uniqueEmail } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  eventually,
  header,
  invitationLinks,
  inviteAs,
  type ReceivedMail,
  startSmtpServer,
  tokenOf,
} from "./invitation-support";
import { hasExited, workerProcesses } from "./worker-processes";

const workers = workerProcesses();
const servers: { close: () => Promise<void> }[] = [];

afterEach(async () => {
  await workers.stopAll();
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  await closeQueues();
});

async function invite(email: string) {
  const { company, owner } = await buildCompany();
  return (await inviteAs(owner, company.id, email)).id;
}

const invitationRow = async (id: string) =>
  (await db.select().from(employeeInvitations).where(eq(employeeInvitations.id, id)))[0];

/**
 * Waits until the restarted worker has finished the job, then stops every worker (a
 * stopping worker finishes what it runs first). With no sender left, what the SMTP server
 * holds is final: a duplicate would be there by now, and none can come later.
 */
async function settle(invitationId: string) {
  const job = await getEmailQueue().getJob(`invitation-${invitationId}`);
  await eventually(async () => ((await job?.isCompleted()) ? true : undefined), 20_000, "job completed");
  expect((await invitationRow(invitationId)).sentAt).toBeInstanceOf(Date);
  await workers.stopAll();
}

async function expectWorkingLink(mail: ReceivedMail, email: string) {
  const lookup = await lookupInvitation(tokenOf(invitationLinks(mail)[0]));
  expect(lookup).toMatchObject({ email, status: "valid" });
}

describe("the worker killed with SIGKILL while sending an invitation", () => {
  it("delivers the e-mail exactly once after a restart (killed mid-conversation with the server)", async () => {
    const email = uniqueEmail("fault");
    let isHeld = false;
    let reachedRcpt: () => void = () => {};
    const atRcpt = new Promise<void>((resolve) => {
      reachedRcpt = resolve;
    });
    // The first attempt for our address is held at RCPT TO: the worker has loaded the
    // invitation, built the e-mail and is talking to the server when it dies.
    const smtp = await startSmtpServer({
      rcpt: (address) => {
        if (address !== email || isHeld) return "accept";
        isHeld = true;
        reachedRcpt();
        return "hold";
      },
    });
    servers.push(smtp);
    const first = await workers.start(smtp.url);
    const invitationId = await invite(email);

    await atRcpt;
    await workers.killHard(first);
    expect((await invitationRow(invitationId)).sentAt).toBeNull();
    expect(smtp.mailTo(email)).toEqual([]);

    await workers.start(smtp.url);
    await smtp.waitForMail(email, 20_000);
    await settle(invitationId);
    const mails = smtp.mailTo(email);
    expect(mails).toHaveLength(1);
    await expectWorkingLink(mails[0], email);
  }, 90_000);

  it("in the remaining window (the server took the message, the worker died before hearing so) the repeat is the same e-mail", async () => {
    const email = uniqueEmail("window");
    let victim: ChildProcess | undefined;
    let isFirst = true;
    // The kill lands after the message is in and before the server's 250 reaches the worker.
    const smtp = await startSmtpServer({
      beforeAccept: async (mail) => {
        if (!mail.to.includes(email) || !isFirst || !victim) return;
        isFirst = false;
        await workers.killHard(victim);
      },
    });
    servers.push(smtp);
    victim = await workers.start(smtp.url);
    const invitationId = await invite(email);
    await eventually(async () => (hasExited(victim) ? true : undefined), 20_000, "worker killed");
    expect((await invitationRow(invitationId)).sentAt).toBeNull();

    await workers.start(smtp.url);
    await eventually(async () => (smtp.mailTo(email).length === 2 ? true : undefined), 20_000, "second copy");
    await settle(invitationId);
    const [firstCopy, secondCopy] = smtp.mailTo(email);
    expect(smtp.mailTo(email)).toHaveLength(2);
    // Same Message-ID (mail systems may drop the repeat) and the same link: either copy works.
    expect(header(secondCopy, "Message-ID")).toBe(header(firstCopy, "Message-ID"));
    expect(invitationLinks(secondCopy)).toEqual(invitationLinks(firstCopy));
    await expectWorkingLink(firstCopy, email);
  }, 90_000);
});
