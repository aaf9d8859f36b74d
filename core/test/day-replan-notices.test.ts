/** Who the bell tells about a sick day's re-plan (core/src/notifications/day-replan.ts). */
import { describe, expect, it } from "vitest";
import { type DayReplan, dayReplanNotices, dayReplanUndoneNotices } from "../src/notifications/day-replan";
import type { Person } from "../src/notifications/recipients";

const people: Person[] = [
  { userId: "u-owner", role: "owner", employeeId: null, name: "Olive Owner" },
  { userId: "u-pat", role: "employee", employeeId: "pat", name: "Pat Plumber" },
  { userId: "u-sam", role: "employee", employeeId: "sam", name: "Sam Sparks" },
  // An admin who also does the jobs: told like any technician unless they applied it.
  { userId: "u-ada", role: "admin", employeeId: "ada", name: "Ada Admin" },
];
const replan: DayReplan = {
  absentEmployeeId: "pat",
  absentName: "Pat Plumber",
  date: "2026-11-30",
  given: [
    { jobId: "j2", employeeId: "sam", time: "14:00" },
    { jobId: "j1", employeeId: "sam", time: "09:00" },
    { jobId: "j3", employeeId: "ada", time: "11:00" },
    // A roster employee nobody signs in as: nobody to tell.
    { jobId: "j4", employeeId: "uma", time: "16:00" },
  ],
};

describe("the sick day's bell", () => {
  it("tells each colleague once for the whole day, in time order; the absent one and the actor never", () => {
    expect(dayReplanNotices(replan, "u-owner", people, "12h")).toEqual([
      {
        recipientUserId: "u-sam",
        kind: "job.assigned",
        message:
          "Olive Owner gave you 2 of Pat Plumber's jobs on Mon 30 Nov (9:00 AM, 2:00 PM): Pat Plumber is out",
        jobId: null,
      },
      {
        recipientUserId: "u-ada",
        kind: "job.assigned",
        message: "Olive Owner gave you 1 of Pat Plumber's jobs on Mon 30 Nov (11:00 AM): Pat Plumber is out",
        jobId: "j3",
      },
    ]);
    expect(dayReplanNotices(replan, "u-ada", people, "24h").map((notice) => notice.message)).toEqual([
      "Ada Admin gave you 2 of Pat Plumber's jobs on Mon 30 Nov (09:00, 14:00): Pat Plumber is out",
    ]);
  });

  it("tells the same colleagues once when it is undone", () => {
    expect(dayReplanUndoneNotices(replan, "u-owner", people).map((notice) => notice.message)).toEqual([
      "Olive Owner undid the re-plan of Pat Plumber's day on Mon 30 Nov: your 2 jobs went back",
      "Olive Owner undid the re-plan of Pat Plumber's day on Mon 30 Nov: your 1 job went back",
    ]);
  });
});
