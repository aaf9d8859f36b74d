/**
 * Team chat (docs/realtime.md). The client polls every 3 s with the id of the newest
 * message it has, and the gateway pushes chat.message at once. Reading the chat is
 * reading, open to every member even after a trial ends, so the poll passes the cheap
 * member door (one indexed read of company_user) and an empty poll is answered from the
 * Redis pointer to the newest message, without reading chat_message. Sending is the
 * `chat` action.
 *
 * A poll with nothing new answers 200 `[]`. Every answer carries an ETag naming the
 * newest message the caller then has, so a poll that sends it back in If-None-Match
 * gets 304 instead, as plain HTTP has it.
 */

import { sendChatMessage } from "@sched/core/commands/send-chat-message";
import { CHAT_UNCHANGED, readChat } from "@sched/core/queries/chat";
import { ZChatCreate, ZChatMessage, ZChatQuery } from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { CHAT_VARY, chatEtag, REVALIDATE_ALWAYS } from "../http/cache-headers";
import { route } from "../http/route";

export const chatRouter = Router();

chatRouter.get(
  "/",
  route(
    { access: { companyMember: "read" }, query: ZChatQuery, response: z.array(ZChatMessage) },
    async ({ member, query, req, res }) => {
      const read = await readChat(member.companyId, query.after);
      const messages = read === CHAT_UNCHANGED ? [] : read;
      res.setHeader("Cache-Control", REVALIDATE_ALWAYS);
      res.setHeader("Vary", CHAT_VARY);
      res.setHeader("ETag", chatEtag(messages.at(-1)?.id ?? query.after));
      // req.fresh compares If-None-Match with the ETag just set.
      if (!req.fresh) return messages;
      res.status(304).end();
    },
  ),
);

chatRouter.post(
  "/",
  route(
    { access: { company: "chat" }, body: ZChatCreate, idempotent: true, status: 201, response: ZChatMessage },
    ({ member, body }) => sendChatMessage(member, body),
  ),
);
