import type { AvatarColor, ChatMessageDTO } from "@sched/shared-types";
import type { chatMessages, employees } from "../db/schema";

type MessageRow = Pick<
  typeof chatMessages.$inferSelect,
  "id" | "companyId" | "employeeId" | "message" | "createdAt"
>;
type SenderRow = Pick<typeof employees.$inferSelect, "name" | "initials" | "avatarColor">;

/** A chat message with its sender embedded, as SPEC section 3 lists it; never the internal seq. */
export function presentChatMessage(row: MessageRow, sender: SenderRow): ChatMessageDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    employeeId: row.employeeId,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    employee: {
      name: sender.name,
      initials: sender.initials,
      avatarColor: sender.avatarColor as AvatarColor,
    },
  };
}
