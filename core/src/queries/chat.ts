/**
 * Reading the team chat (docs/realtime.md). The client polls every 3 s with the id of
 * the newest message it has. An empty poll is the common case, so it is answered from
 * the Redis pointer to the newest message without touching chat_message.
 */
import { CHAT_LATEST_LIMIT, CHAT_MESSAGES, type ChatMessageDTO } from "@sched/shared-types";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { NO_MESSAGES, noteNewestMessage, readChatPointer } from "../chat-latest";
import { db } from "../db/client";
import { chatMessages, employees, users } from "../db/schema";
import { Gone } from "../errors";
import { presentChatMessage } from "../presenters/chat";

/** What a poll whose cursor already is the newest message gets: nothing new to send. */
export const CHAT_UNCHANGED = "unchanged";

const messageColumns = {
  id: chatMessages.id,
  companyId: chatMessages.companyId,
  employeeId: chatMessages.employeeId,
  senderUserId: chatMessages.senderUserId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  seq: chatMessages.seq,
  employee: { name: employees.name, initials: employees.initials, avatarColor: employees.avatarColor },
  sender: { firstName: users.firstName, lastName: users.lastName },
};

/** Messages with the roster employee they were sent as and the member who sent them, either may be none. */
function selectMessages() {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(employees, eq(employees.id, chatMessages.employeeId))
    .leftJoin(users, eq(users.id, chatMessages.senderUserId));
}

type ChatRow = Awaited<ReturnType<typeof selectMessages>>[number];

type Loaded = {
  rows: ChatRow[];
  /** The newest message the table showed, the cursor itself when nothing is newer. */
  newest: { seq: number; id: string };
  /** True when `rows` reach the end of the table (not cut at the limit). */
  reachesEnd: boolean;
};

/** The messages after `cursor` (oldest first), or the latest ones without a cursor; 410 for an unknown cursor. */
async function loadMessages(companyId: string, cursor: string | undefined): Promise<Loaded> {
  if (!cursor) {
    const newestFirst = await selectMessages()
      .where(eq(chatMessages.companyId, companyId))
      .orderBy(desc(chatMessages.seq))
      .limit(CHAT_LATEST_LIMIT);
    const top = newestFirst[0];
    return {
      rows: newestFirst.reverse(),
      newest: top?.seq ? { seq: top.seq, id: top.id } : NO_MESSAGES,
      reachesEnd: true,
    };
  }
  const [anchor] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, cursor), eq(chatMessages.companyId, companyId)))
    .limit(1);
  // Gone with its sender (cascade) or never this company's: the client starts over without a cursor.
  if (!anchor?.seq) throw new Gone(CHAT_MESSAGES.cursorGone);
  const rows = await selectMessages()
    .where(and(eq(chatMessages.companyId, companyId), gt(chatMessages.seq, anchor.seq)))
    .orderBy(asc(chatMessages.seq))
    .limit(CHAT_LATEST_LIMIT);
  const last = rows.at(-1);
  return {
    rows,
    newest: last?.seq ? { seq: last.seq, id: last.id } : { seq: anchor.seq, id: cursor },
    reachesEnd: rows.length < CHAT_LATEST_LIMIT,
  };
}

/**
 * The messages after `after` (oldest first), or the latest ones without a cursor.
 * CHAT_UNCHANGED when the cursor already is the newest message; an empty list when
 * there is no cursor and the company has no message.
 */
export async function readChat(
  companyId: string,
  after: string | undefined,
): Promise<ChatMessageDTO[] | typeof CHAT_UNCHANGED> {
  const pointer = await readChatPointer(companyId);
  // The client already has the newest message (or the company has none): nothing to read.
  if (pointer && pointer.id === (after ?? NO_MESSAGES.id)) return after ? CHAT_UNCHANGED : [];
  const { rows, newest, reachesEnd } = await loadMessages(companyId, after);
  // Having read to the end of the table, this request knows the newest message for sure.
  await noteNewestMessage(companyId, newest.seq, newest.id, reachesEnd ? pointer?.raw : undefined);
  return rows.map((row) => presentChatMessage(row, row.employee, row.sender));
}
