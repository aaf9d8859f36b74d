/**
 * What a calendar feed shows (docs/settings.md): the jobs and the approved
 * time off (docs/time-off.md) of the roster employee linked to the member whose token it is,
 * from 30 days ago to 90 days ahead of today in the company's time zone. A token nobody holds any more, a member who left or
 * is no longer linked: no feed at all (the route answers 404).
 */
import { DEFAULT_COMPANY_SETTINGS, dateIn } from "@sched/shared-types";
import { and, asc, between, eq, gte, lte } from "drizzle-orm";
import { db } from "../db/client";
import { companies, companySettings, companyUsers, employees, jobs, timeOff } from "../db/schema";
import { addDays } from "../lib/dates";
import { hashToken, isWellFormedToken } from "../lib/tokens";

export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 90;

export type CalendarFeedJob = typeof jobs.$inferSelect;
export type CalendarFeedTimeOff = typeof timeOff.$inferSelect;

export type CalendarFeed = {
  companyName: string;
  employeeName: string;
  timeZone: string;
  jobs: CalendarFeedJob[];
  timeOff: CalendarFeedTimeOff[];
};

/** The member, their linked employee and the company behind a token; undefined when none. */
async function feedOwner(token: string) {
  if (!isWellFormedToken(token)) return undefined;
  const [owner] = await db
    .select({
      companyId: companyUsers.companyId,
      employeeId: employees.id,
      employeeName: employees.name,
      companyName: companies.name,
      timeZone: companySettings.timeZone,
    })
    .from(companyUsers)
    // An inner join: a member no longer linked has no feed.
    .innerJoin(
      employees,
      and(eq(employees.id, companyUsers.employeeId), eq(employees.companyId, companyUsers.companyId)),
    )
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .leftJoin(companySettings, eq(companySettings.companyId, companyUsers.companyId))
    .where(eq(companyUsers.calendarTokenHash, hashToken(token)))
    .limit(1);
  return owner;
}

export async function loadCalendarFeed(token: string, now = new Date()): Promise<CalendarFeed | undefined> {
  const owner = await feedOwner(token);
  if (!owner) return undefined;
  const timeZone = owner.timeZone ?? DEFAULT_COMPANY_SETTINGS.timeZone;
  const today = dateIn(now, timeZone);
  const from = addDays(today, -FEED_DAYS_BACK);
  const to = addDays(today, FEED_DAYS_AHEAD);
  const [rows, daysOff] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, owner.companyId),
          eq(jobs.employeeId, owner.employeeId),
          between(jobs.date, from, to),
        ),
      )
      .orderBy(asc(jobs.date), asc(jobs.time)),
    db
      .select()
      .from(timeOff)
      .where(
        and(
          eq(timeOff.companyId, owner.companyId),
          eq(timeOff.employeeId, owner.employeeId),
          eq(timeOff.status, "approved"),
          lte(timeOff.startDate, to),
          gte(timeOff.endDate, from),
        ),
      )
      .orderBy(asc(timeOff.startDate)),
  ]);
  return {
    companyName: owner.companyName,
    employeeName: owner.employeeName,
    timeZone,
    jobs: rows,
    timeOff: daysOff,
  };
}
