import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { jobTypeClass, paymentTone, statusTone, totalAmount } from "../src/entities/job/jobStyle";
import { buildScheduleCsv, csvCell, scheduleCsvFilename } from "../src/features/schedule/csv";
import { jobWindow } from "../src/features/schedule/jobWindow";
import { buildEmployee, buildJob } from "./builders";

const employee = (id: string, name: string): EmployeeDTO =>
  buildEmployee({ id, companyId: "c", name, initials: "X" });

const job = (overrides: Partial<JobDTO>): JobDTO =>
  buildJob({
    id: "j",
    companyId: "c",
    employeeId: "a",
    ...overrides,
  });

describe("schedule CSV", () => {
  it("quotes per RFC 4180 and neutralises formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    for (const risky of ["=1+1", "+1 555", "-2", "@SUM(A1)"]) expect(csvCell(risky)).toBe(`'${risky}`);
    expect(csvCell("=cmd|' /C calc'!A0,")).toBe(`"'=cmd|' /C calc'!A0,"`);
    expect(csvCell(null)).toBe("");
  });

  it("lists the 7 days from Monday by date, time and employee, and nothing outside them", () => {
    const employees = [employee("a", "Zed"), employee("b", "Amy")];
    const csv = buildScheduleCsv(
      [
        job({
          id: "1",
          date: "2026-11-29",
          time: "08:00",
          employeeId: "a",
          amount: "10.00",
          durationMinutes: 90,
        }),
        job({
          id: "2",
          date: "2026-11-23",
          time: "10:00",
          employeeId: "a",
          status: "in_progress",
          priority: "urgent",
          requiredSkills: ["gas"],
        }),
        job({
          id: "3",
          date: "2026-11-23",
          time: "10:00",
          employeeId: "b",
          paymentStatus: "paid",
          customerId: "k1",
          customerName: "Ana Ruiz",
          customerPhone: "555 0101",
        }),
        job({ id: "4", date: "2026-11-30" }),
        job({ id: "5", date: "2026-11-22" }),
        job({ id: "6", date: "2026-11-24", employeeId: "gone" }),
      ],
      employees,
      "2026-11-23",
    );
    expect(csv.split("\r\n")).toEqual([
      "Date,Day,Employee,Time,Length (min),Type,Location,Status,Payment Status,Amount,Customer,Customer Email,Customer Phone,Description,Priority,Skills needed,Arrival window,Any time",
      "2026-11-23,Monday,Amy,10:00,60,Repair,1 Main St,Scheduled,Paid,,Ana Ruiz,,555 0101,,Normal,,,",
      "2026-11-23,Monday,Zed,10:00,60,Repair,1 Main St,In Progress,Pending,,,,,,Urgent,gas,,",
      "2026-11-24,Tuesday,,09:00,60,Repair,1 Main St,Scheduled,Pending,,,,,,Normal,,,",
      "2026-11-29,Sunday,Zed,08:00,90,Repair,1 Main St,Scheduled,Pending,10.00,,,,,Normal,,,",
      "",
    ]);
    expect(scheduleCsvFilename("2026-11-23")).toBe("schedule-2026-11-23.csv");
  });

  it("starts no formula after a separator a locale splits on (;=1+1), in any text cell", () => {
    const csv = buildScheduleCsv(
      [
        job({
          id: "1",
          date: "2026-11-23",
          time: "10:00",
          employeeId: "a",
          location: "1 Main St;@SUM(A1)",
          customerId: "k1",
          customerName: ";=1+1",
          customerPhone: "555;-1",
          description: "Fix sink, =HYPERLINK(1)",
        }),
      ],
      [employee("a", ";=1+1")],
      "2026-11-23",
    );
    expect(csv.split("\r\n")[1]).toBe(
      `2026-11-23,Monday,"';=1+1",10:00,60,Repair,"'1 Main St;@SUM(A1)",Scheduled,Pending,,"';=1+1",,"'555;-1","'Fix sink, =HYPERLINK(1)",Normal,,,`,
    );
  });
});

describe("job style and window", () => {
  it("maps types, statuses and payments to their classes and colours", () => {
    expect(jobTypeClass("Follow-up")).toBe("follow-up");
    expect(jobTypeClass("Site Visit")).toBe("site-visit");
    expect(["completed", "in_progress", "cancelled", "scheduled"].map(statusTone)).toEqual([
      "green",
      "blue",
      "red",
      "grey",
    ]);
    expect(["paid", "overdue", "billed", "pending"].map(paymentTone)).toEqual([
      "green",
      "red",
      "blue",
      "yellow",
    ]);
    expect(totalAmount([{ amount: "0.10" }, { amount: "0.20" }, { amount: null }])).toBe(0.3);
  });

  it("fetches 4 days either side of the whole week", () => {
    expect(jobWindow("2026-11-23")).toEqual({ startDate: "2026-11-19", endDate: "2026-12-03" });
  });
});
