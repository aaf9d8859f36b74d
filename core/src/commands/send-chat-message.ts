/**
 * Sending a team chat message as oneself (docs/realtime.md): the server decides the
 * sender, the caller's linked roster employee when they have one, else the member alone.
 */
import { CHAT_MESSAGES, type ChatMessageDTO, type TChatCreate } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { dropChatPointer, noteNewestMessage } from "../chat-latest";
import { db } from "../db/client";
import { chatMessages, companyUsers, employees, users } from "../db/schema";
import { Forbidden } from "../errors";
import { chatPostsByUser, consume } from "../limits";
import { logger } from "../logger";
import type { CompanyAccess } from "../policies/company-access";
import { presentChatMessage } from "../presenters/chat";
import { publish } from "../publish";

/** The member as a chat sender: their name and the roster employee they are linked to, if any. */
async function loadSender(member: CompanyAccess) {
  const [sender] = await db
    .select({
      user: { firstName: users.firstName, lastName: users.lastName },
      employeeId: employees.id,
      employee: { name: employees.name, initials: employees.initials, avatarColor: employees.avatarColor },
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .leftJoin(employees, eq(employees.id, companyUsers.employeeId))
    .where(and(eq(companyUsers.companyId, member.companyId), eq(companyUsers.userId, member.userId)))
    .limit(1);
  // The door has just read the membership; only a removal in between leaves nothing here.
  if (!sender) throw new Forbidden();
  return sender;
}

/**
 * Saves the message and pushes chat.message at once. An `employeeId` in the request that
 * is not the caller's own linked employee answers 403: nobody writes under another name.
 * The newest-message pointer is dropped before the insert and advanced after it, so a
 * process that dies in between leaves polls reading the table rather than hiding the new message.
 */
export async function sendChatMessage(member: CompanyAccess, input: TChatCreate): Promise<ChatMessageDTO> {
  const { companyId } = member;
  const { message } = input;
  await consume(chatPostsByUser, member.userId);
  const sender = await loadSender(member);
  if (input.employeeId !== undefined && input.employeeId !== sender.employeeId)
    throw new Forbidden(CHAT_MESSAGES.notYourself);

  await dropChatPointer(companyId).catch((error) =>
    logger.warn({ err: error }, "could not drop chat pointer"),
  );
  const [row] = await db
    .insert(chatMessages)
    .values({ companyId, employeeId: sender.employeeId, senderUserId: member.userId, message })
    .returning();
  if (row.seq) await noteNewestMessage(companyId, row.seq, row.id);
  const dto = presentChatMessage(row, sender.employee, sender.user);
  publish(companyId, "chat.message", dto);
  return dto;
}
