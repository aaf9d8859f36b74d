/** The office's notes for a day of the call log (docs/call-log.md). */
import type { DailyCallDTO, TDailyCallUpdate } from "@sched/shared-types";
import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { dailyCalls } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";
import { countCalls, getDailyCall } from "../queries/daily-calls";

/** Saves the day's notes (empty clears them) and tells every screen showing that day. */
export async function saveDailyCallNotes(
  member: CompanyAccess,
  date: string,
  notes: TDailyCallUpdate["notes"],
): Promise<DailyCallDTO> {
  const { companyId } = member;
  // A day first written here starts with its real count, so the mirror never starts wrong.
  await db
    .insert(dailyCalls)
    .values({ companyId, date, notes, callCount: await countCalls(companyId, date) })
    .onConflictDoUpdate({
      target: [dailyCalls.companyId, dailyCalls.date],
      set: { notes, updatedAt: sql`now()` },
    });
  const day = await getDailyCall(companyId, date);
  publish(companyId, "dailyCall.updated", day);
  return day;
}
