/**
 * A customer's reschedule frees the old window (docs/visits.md), over random days: after the
 * visit moves, its old day offers exactly the windows it offered with the visit left out;
 * when the new window is taken instead, nothing moves.
 */
import { addDays, clockTime, isoWeekday, toDateString } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { offeredWindows } from "../src/booking/windows";
import { rescheduleVisit } from "../src/commands/reschedule-visit";
import { db } from "../src/db/client";
import { bookingSettings, jobs } from "../src/db/schema";
import { AppError } from "../src/errors";
import { visitLink } from "../src/visits/visit-link";
import { buildEmployee, buildJob, buildTenant } from "./factories";

const WINDOWS = [
  { start: "08:00", end: "10:00" },
  { start: "10:00", end: "12:00" },
  { start: "13:00", end: "15:00" },
  { start: "15:00", end: "17:00" },
];
const NEED = { jobType: "Repair", durationMinutes: 60, requiredSkills: [] };
const PLACE = { placeLat: 41.88, placeLng: -87.63, placePrecision: "street" as const };

function workingDayAhead(days: number, from = toDateString(new Date())): string {
  let date = addDays(from, days);
  while (isoWeekday(date) === 7) date = addDays(date, 1);
  return date;
}

/** Another job of a technician: a start from 7:00 to 17:00 and one to four hours. */
const busyArb = fc.record({
  technician: fc.integer({ min: 0, max: 1 }),
  start: fc.integer({ min: 28, max: 68 }).map((quarter) => clockTime(quarter * 15)),
  durationMinutes: fc.integer({ min: 4, max: 16 }).map((quarters) => quarters * 15),
});

const caseArb = fc.record({
  visitWindow: fc.integer({ min: 0, max: 3 }),
  visitMinutes: fc.integer({ min: 4, max: 12 }).map((quarters) => quarters * 15),
  targetWindow: fc.integer({ min: 0, max: 3 }),
  oldDayBusy: fc.array(busyArb, { maxLength: 3 }),
  newDayBusy: fc.array(busyArb, { maxLength: 4 }),
});

describe("rescheduleVisit", () => {
  it("frees the old window: the old day offers what it offered without the visit", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (example) => {
        const { company, employee } = await buildTenant();
        const second = await buildEmployee(company.id, { name: "Sam Second", initials: "SS" });
        const technicians = [employee.id, second.id];
        await db.insert(bookingSettings).values({ companyId: company.id, windows: WINDOWS });
        const oldDay = workingDayAhead(4);
        const newDay = workingDayAhead(1, oldDay);
        const window = WINDOWS[example.visitWindow];
        const visit = await buildJob(company.id, employee.id, {
          date: oldDay,
          time: window.start,
          durationMinutes: example.visitMinutes,
          arrivalWindow: window,
          ...PLACE,
        });
        for (const [busy, date] of [
          ...example.oldDayBusy.map((busy) => [busy, oldDay] as const),
          ...example.newDayBusy.map((busy) => [busy, newDay] as const),
        ]) {
          await buildJob(company.id, technicians[busy.technician], {
            date,
            time: busy.start,
            durationMinutes: busy.durationMinutes,
            ...PLACE,
          });
        }
        const windowsOf = (date: string, excludeJobId?: string) =>
          offeredWindows(db, {
            companyId: company.id,
            service: NEED,
            place: null,
            from: date,
            days: 1,
            excludeJobId,
          });
        const withoutVisit = await windowsOf(oldDay, visit.id);
        const token = (await visitLink(db, visit)).split("/").pop() as string;
        const target = WINDOWS[example.targetWindow];
        const moved = await rescheduleVisit(token, { date: newDay, start: target.start }).then(
          () => true,
          (error: unknown) => {
            if (error instanceof AppError && error.code === "window_taken") return false;
            throw error;
          },
        );
        const [after] = await db.select().from(jobs).where(eq(jobs.id, visit.id));
        if (!moved) {
          expect([after.date, after.time, after.version]).toEqual([oldDay, window.start, visit.version]);
          return;
        }
        expect(after.date).toBe(newDay);
        expect(after.arrivalWindow).toEqual(target);
        expect(await windowsOf(oldDay)).toEqual(withoutVisit);
      }),
      { numRuns: 12 },
    );
  });
});
