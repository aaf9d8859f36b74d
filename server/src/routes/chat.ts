/**
 * Team chat (SPEC sections 2 and 7). The client polls every 3 s with the id of the
 * newest message it has, and the gateway pushes chat.message at once. An empty poll
 * is the common case, so it is answered from Redis: the membership note and the
 * newest-message pointer; the only database read left is the session (docs/realtime.md).
 */
import {
  CHAT_LATEST_LIMIT,
  CHAT_MESSAGES,
  type ChatMessageDTO,
  ZChatCreate,
  ZChatQuery,
} from "@sched/shared-types";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { type NextFunction, type Request, type Response, Router } from "express";
import { companyIdOf, memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { db } from "../db/client";
import { chatMessages, employees } from "../db/schema";
import { BadRequest, Forbidden, Gone } from "../errors";
import { logger } from "../logger";
import { validate } from "../middleware/validate";
import { presentChatMessage } from "../presenters/chat";
import { dropChatPointer, NO_MESSAGES, noteNewestMessage, readChatPointer } from "../realtime/chat-latest";
import { isMemberCached } from "../realtime/member-cache";
import { publish } from "../realtime/publish";

export const chatRouter = Router();

const messageColumns = {
  id: chatMessages.id,
  companyId: chatMessages.companyId,
  employeeId: chatMessages.employeeId,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
  seq: chatMessages.seq,
  sender: { name: employees.name, initials: employees.initials, avatarColor: employees.avatarColor },
};

type ChatRow = { seq: number | null } & Parameters<typeof presentChatMessage>[0] & {
    sender: Parameters<typeof presentChatMessage>[1];
  };

type ReaderLocals = { chatCompanyId: string };

/** Reading the chat needs membership only (every role chats), checked through the Redis note. */
async function requireChatReader(req: Request, res: Response<unknown, ReaderLocals>, next: NextFunction) {
  const companyId = companyIdOf(req);
  if (!companyId) throw new BadRequest("Company id is required");
  if (!(await isMemberCached(req.userId!, companyId))) {
    throw new Forbidden("You are not a member of this company");
  }
  res.locals.chatCompanyId = companyId;
  next();
}

function selectMessages() {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(employees, eq(employees.id, chatMessages.employeeId));
}

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

chatRouter.get("/", requireUser, validate(ZChatQuery, "query"), requireChatReader, async (req, res) => {
  const companyId = (res.locals as ReaderLocals).chatCompanyId;
  const { after } = req.query as { after?: string };
  res.setHeader("Cache-Control", "no-store");
  const pointer = await readChatPointer(companyId);
  // The client already has the newest message (or the company has none): nothing to read.
  if (pointer && pointer.id === (after ?? NO_MESSAGES.id)) {
    if (after) res.status(304).end();
    else res.json([]);
    return;
  }
  const { rows, newest, reachesEnd } = await loadMessages(companyId, after);
  // Having read to the end of the table, this request knows the newest message for sure.
  await noteNewestMessage(companyId, newest.seq, newest.id, reachesEnd ? pointer?.raw : undefined);
  res.json(rows.map((row) => presentChatMessage(row, row.sender)));
});

chatRouter.post("/", requireUser, validate(ZChatCreate), requireCompany("chat"), async (req, res) => {
  const { companyId } = memberOf(req);
  const { employeeId, message } = req.body as { employeeId: string; message: string };
  const [sender] = await db
    .select({ name: employees.name, initials: employees.initials, avatarColor: employees.avatarColor })
    .from(employees)
    .where(and(eq(employees.id, employeeId), eq(employees.companyId, companyId)))
    .limit(1);
  if (!sender)
    throw new BadRequest(CHAT_MESSAGES.senderNotFound, [
      { path: "employeeId", message: CHAT_MESSAGES.senderNotFound },
    ]);

  await dropChatPointer(companyId).catch((error) =>
    logger.warn({ err: error }, "could not drop chat pointer"),
  );
  const [row] = await db.insert(chatMessages).values({ companyId, employeeId, message }).returning();
  if (row.seq) await noteNewestMessage(companyId, row.seq, row.id);
  const dto: ChatMessageDTO = presentChatMessage(row, sender);
  publish(companyId, "chat.message", dto);
  res.status(201).json(dto);
});
