/**
 * A day of the call log (docs/call-log.md): the number of calls logged that day and the
 * office's notes for it. The count is the number of call records that day.
 */
import type { DailyCallDTO, TCallDayQuery } from "@sched/shared-types";
import { and, count, eq } from "drizzle-orm";
import { db } from "../db/client";
import { callRecords, dailyCalls } from "../db/schema";
import { toDateString } from "../lib/dates";
import { presentDailyCall } from "../presenters/daily-calls";

/**
 * The day a request is about: the `date` the client sends (the browser's local day),
 * else the server's UTC date. The server cannot know the office's time zone, so the
 * screen always sends the day it shows.
 */
export const callDayOf = (query: TCallDayQuery) => query.date ?? toDateString(new Date());

/** The live number of call records of a day: what the screen shows, whatever the mirror says. */
export async function countCalls(companyId: string, date: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(callRecords)
    .where(and(eq(callRecords.companyId, companyId), eq(callRecords.callDate, date)));
  return row?.value ?? 0;
}

export async function getDailyCall(companyId: string, date: string): Promise<DailyCallDTO> {
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
