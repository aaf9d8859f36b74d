/**
 * A day of the call log (SPEC's daily_call): the number of calls logged that day and
 * the office's notes for it. The count is the number of call records that day.
 */
import {
  type TCallDayQuery,
  type TDailyCallUpdate,
  ZCallDayQuery,
  ZDailyCallUpdate,
} from "@sched/shared-types";
import { and, count, eq, sql } from "drizzle-orm";
import { Router } from "express";
import { memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { db, type Executor } from "../db/client";
import { callRecords, dailyCalls } from "../db/schema";
import { toDateString } from "../lib/dates";
import { validate } from "../middleware/validate";
import { presentDailyCall } from "../presenters/daily-calls";
import { publish } from "../realtime/publish";

export const dailyCallsRouter = Router();

/**
 * The day a request is about: the `date` the client sends (the browser's local day),
 * else the server's UTC date. The server cannot know the office's time zone, so the
 * screen always sends the day it shows.
 */
export const callDayOf = (query: TCallDayQuery) => query.date ?? toDateString(new Date());

/**
 * Keeps daily_call.call_count in step with the call records of a day. An increment
 * under the row lock (not a recount) so that concurrent calls logged on the same day
 * each add exactly one. Run inside the transaction that changes the records.
 */
export async function adjustDailyCallCount(tx: Executor, companyId: string, date: string, delta: 1 | -1) {
  await tx
    .insert(dailyCalls)
    .values({ companyId, date, callCount: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [dailyCalls.companyId, dailyCalls.date],
      set: { callCount: sql`greatest(${dailyCalls.callCount} + ${delta}, 0)`, updatedAt: sql`now()` },
    });
}

/** The live number of call records of a day: what the screen shows, whatever the mirror says. */
async function countCalls(companyId: string, date: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(callRecords)
    .where(and(eq(callRecords.companyId, companyId), eq(callRecords.callDate, date)));
  return row?.value ?? 0;
}

async function loadDay(companyId: string, date: string) {
  const [[row], callCount] = await Promise.all([
    db
      .select()
      .from(dailyCalls)
      .where(and(eq(dailyCalls.companyId, companyId), eq(dailyCalls.date, date)))
      .limit(1),
    countCalls(companyId, date),
  ]);
  return presentDailyCall(companyId, date, callCount, row);
}

dailyCallsRouter.get(
  "/",
  requireUser,
  validate(ZCallDayQuery, "query"),
  requireCompany("read"),
  async (req, res) => {
    const { companyId } = memberOf(req);
    res.json(await loadDay(companyId, callDayOf(req.query as TCallDayQuery)));
  },
);

dailyCallsRouter.put(
  "/",
  requireUser,
  validate(ZCallDayQuery, "query"),
  validate(ZDailyCallUpdate),
  requireCompany("manageCalls"),
  async (req, res) => {
    const { companyId } = memberOf(req);
    const date = callDayOf(req.query as TCallDayQuery);
    const { notes } = req.body as TDailyCallUpdate;
    // A day first written here starts with its real count, so the mirror never starts wrong.
    await db
      .insert(dailyCalls)
      .values({ companyId, date, notes, callCount: await countCalls(companyId, date) })
      .onConflictDoUpdate({
        target: [dailyCalls.companyId, dailyCalls.date],
        set: { notes, updatedAt: sql`now()` },
      });
    const day = await loadDay(companyId, date);
    publish(companyId, "dailyCall.updated", day);
    res.json(day);
  },
);
