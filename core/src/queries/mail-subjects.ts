/**
 * What the worker's e-mail jobs read about the row an e-mail is for (worker/src/jobs/):
 * each is reloaded on every delivery, since BullMQ delivers at least once.
 */
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import {
  companies,
  employeeInvitations,
  mailOutbox,
  type OutboxMailKind,
  passwordResets,
  users,
} from "../db/schema";

/** The invitation, its company's name and who sent it; undefined once it is gone. */
export async function loadInvitationForEmail(invitationId: string) {
  const [found] = await db
    .select({
      invitation: employeeInvitations,
      companyName: companies.name,
      inviterFirstName: users.firstName,
      inviterLastName: users.lastName,
    })
    .from(employeeInvitations)
    .innerJoin(companies, eq(companies.id, employeeInvitations.companyId))
    .leftJoin(users, eq(users.id, employeeInvitations.invitedBy))
    .where(eq(employeeInvitations.id, invitationId))
    .limit(1);
  return found;
}

/** The password reset and its user's address and first name; undefined once it is gone. */
export async function loadPasswordResetForEmail(resetId: string) {
  const [found] = await db
    .select({ reset: passwordResets, email: users.email, firstName: users.firstName })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.id, resetId))
    .limit(1);
  return found;
}

/** One e-mail's outbox row (its sentAt), or undefined when it was asked for before the outbox. */
export async function outboxRowOf(kind: OutboxMailKind, subjectId: string) {
  const [row] = await db
    .select({ sentAt: mailOutbox.sentAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.subjectId, subjectId)));
  return row;
}
