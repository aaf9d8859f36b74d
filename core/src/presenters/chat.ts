import {
  type AvatarColor,
  type ChatAuthorDTO,
  type ChatMessageDTO,
  MEMBER_AVATAR_COLOR,
} from "@sched/shared-types";
import type { chatMessages, employees, users } from "../db/schema";

type MessageRow = Pick<
  typeof chatMessages.$inferSelect,
  "id" | "companyId" | "employeeId" | "senderUserId" | "message" | "createdAt"
>;
/** The roster employee the message was sent as (null: a member not linked to the roster). */
export type ChatEmployeeRow = Pick<typeof employees.$inferSelect, "name" | "initials" | "avatarColor"> | null;
/** The member who sent it (null: a message from before senders were recorded, or a deleted user). */
export type ChatSenderRow = Pick<typeof users.$inferSelect, "firstName" | "lastName"> | null;

/** "Olive Owner" -> "OO": the member's own initials when they are not on the roster. */
export function memberInitials(user: NonNullable<ChatSenderRow>): string {
  const initials = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
  return initials || "?";
}

/** Who wrote it: their roster employee when the message was sent as one, else the member's own name. */
function authorOf(
  userId: string | null,
  employee: ChatEmployeeRow,
  user: ChatSenderRow,
): ChatAuthorDTO | null {
  if (!userId || !user) return null;
  if (employee) {
    return {
      userId,
      name: employee.name,
      initials: employee.initials,
      avatarColor: employee.avatarColor as AvatarColor,
    };
  }
  return {
    userId,
    name: `${user.firstName} ${user.lastName}`.trim(),
    initials: memberInitials(user),
    avatarColor: MEMBER_AVATAR_COLOR,
  };
}

/**
 * A chat message with its sender embedded (docs/realtime.md); never the internal seq.
 * Messages from before senders were recorded keep their employee and have no author.
 */
export function presentChatMessage(
  row: MessageRow,
  employee: ChatEmployeeRow,
  sender: ChatSenderRow,
): ChatMessageDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    employeeId: row.employeeId,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    employee: employee && {
      name: employee.name,
      initials: employee.initials,
      avatarColor: employee.avatarColor as AvatarColor,
    },
    author: authorOf(row.senderUserId, employee, sender),
  };
}
