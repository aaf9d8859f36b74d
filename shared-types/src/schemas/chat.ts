import { z } from "zod";
import { AVATAR_COLORS, CHAT_MESSAGE_MAX, MEMBER_AVATAR_COLOR } from "../constants";
import { canonicalId, ZCompanyId, ZMomentText, ZRowId } from "./common";

export const CHAT_MESSAGES = {
  messageRequired: "Message is required",
  messageTooLong: `Message must be ${CHAT_MESSAGE_MAX.toLocaleString("en-US")} characters or less`,
  senderRequired: "Choose who is sending the message",
  /** An `employeeId` that is not the caller's own linked roster employee (403). */
  notYourself: "You can only send messages as yourself",
  cursorGone: "That message is no longer there; reload the chat",
} as const;

/** The message text: trimmed, never empty or whitespace only (docs/realtime.md). */
export const ZChatText = z
  .string({ message: CHAT_MESSAGES.messageRequired })
  .trim()
  .min(1, { message: CHAT_MESSAGES.messageRequired })
  .max(CHAT_MESSAGE_MAX, { message: CHAT_MESSAGES.messageTooLong });

/**
 * POST /api/chat. The server decides the sender (docs/realtime.md): `employeeId` may be
 * left out, and when given must be the caller's own linked roster employee.
 */
export const ZChatCreate = z.object({
  companyId: ZCompanyId.optional(),
  employeeId: canonicalId({ message: CHAT_MESSAGES.senderRequired }).optional(),
  message: ZChatText,
});
export type TChatCreate = z.infer<typeof ZChatCreate>;

/** GET /api/chat: `after` is the id of the newest message the client has. */
export const ZChatQuery = z.object({
  companyId: ZCompanyId.optional(),
  after: canonicalId({ message: "after must be a message id" }).optional(),
});
export type TChatQuery = z.infer<typeof ZChatQuery>;

/**
 * POST /api/notifications/read: the bell of one company. Its one request body lives here,
 * with the other team-communication resource, rather than in a file of its own. `upTo` is
 * the newest entry the person saw: entries that arrived after it stay unread. `id` is one
 * entry the person opened: only it is marked.
 */
export const ZNotificationsRead = z.object({
  companyId: ZCompanyId,
  upTo: canonicalId({ message: "upTo must be a notification id" }).optional(),
  id: canonicalId({ message: "id must be a notification id" }).optional(),
});
export type TNotificationsRead = z.infer<typeof ZNotificationsRead>;

/** Who wrote a chat message: their linked roster employee, else the member's own name. */
export const ZChatAuthor = z
  .object({
    userId: ZRowId,
    name: z.string(),
    initials: z.string(),
    avatarColor: z.enum([...AVATAR_COLORS, MEMBER_AVATAR_COLOR]),
  })
  .meta({ id: "ChatAuthor" });
export type ChatAuthorDTO = z.infer<typeof ZChatAuthor>;

/** A chat message as the API answers it. */
export const ZChatMessage = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    employeeId: ZRowId.nullable().describe(
      "The sender's roster employee; null for a member not linked to the roster",
    ),
    message: z.string(),
    createdAt: ZMomentText,
    employee: z
      .object({ name: z.string(), initials: z.string(), avatarColor: z.enum(AVATAR_COLORS) })
      .nullable(),
    author: ZChatAuthor.nullable().describe(
      "The member who sent it; null on messages from before senders were recorded",
    ),
  })
  .meta({ id: "ChatMessage" });
export type ChatMessageDTO = z.infer<typeof ZChatMessage>;
