/** A day of the call log: its call count and the office's notes (docs/call-log.md). */
import { saveDailyCallNotes } from "@sched/core/commands/save-daily-call";
import { callDayOf, getDailyCall } from "@sched/core/queries/daily-calls";
import { ZCallDayQuery, ZDailyCall, ZDailyCallUpdate } from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";

export const dailyCallsRouter = Router();

dailyCallsRouter.get(
  "/",
  route({ access: { company: "read" }, query: ZCallDayQuery, response: ZDailyCall }, ({ member, query }) =>
    getDailyCall(member.companyId, callDayOf(query)),
  ),
);

dailyCallsRouter.put(
  "/",
  route(
    {
      access: { company: "manageCalls" },
      query: ZCallDayQuery,
      body: ZDailyCallUpdate,
      response: ZDailyCall,
    },
    ({ member, query, body }) => saveDailyCallNotes(member, callDayOf(query), body.notes),
  ),
);
