/**
 * One e-mail per pending invitation at a time (docs/team-and-invitations.md): re-inviting
 * an address while its e-mail is queued or being sent sends nothing more.
 */
import "./invitation-env";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { employeeInvitations } from "@sched/core/db/schema";
import { closeQueues, getEmailQueue, invitationEmailJobId } from "@sched/core/queues";
import { buildCompany, uniqueEmail } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeMail } from "../src/mail/transport";
import { startWorkers } from "../src/workers";
import { eventually, inviteAs, startSmtpServer } from "./invitation-support";

// The server takes the message but answers only once the gate opens: until then it is "being sent".
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let workers: ReturnType<typeof startWorkers>;

beforeAll(async () => {
  smtp = await startSmtpServer({ beforeAccept: () => gate });
  config.smtpUrl = smtp.url;
  workers = startWorkers();
});
afterAll(async () => {
  openGate();
  await workers.close();
  await closeQueues();
  closeMail();
  await smtp.close();
});

describe("re-inviting one address in a hurry", () => {
  it("sends exactly one e-mail for twenty simultaneous invites", { timeout: 30_000 }, async () => {
    const { company, owner } = await buildCompany();
    const email = uniqueEmail("hurry");
    const invitations = await Promise.all(
      Array.from({ length: 20 }, (_, i) => inviteAs(owner, company.id, email, i % 2 ? "admin" : "employee")),
    );
    const ids = new Set(invitations.map((invitation) => invitation.id));
    expect(ids.size).toBe(1);
    const [id] = ids;

    openGate();
    await eventually(
      async () =>
        (await (await getEmailQueue().getJob(invitationEmailJobId(id)))?.isCompleted()) ? true : undefined,
      15_000,
      "e-mail job completed",
    );
    const rows = await db
      .select()
      .from(employeeInvitations)
      .where(and(eq(employeeInvitations.companyId, company.id), eq(employeeInvitations.email, email)));
    expect(rows).toHaveLength(1);
    expect(rows[0].sentAt).toBeInstanceOf(Date);
    expect(smtp.mailTo(email)).toHaveLength(1);
  });
});
