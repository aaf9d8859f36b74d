import type { EmployeeDTO, JobDTO, MemberDTO } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { mobileNavItemsFor, navItemsFor } from "../src/app/navigation";
import { doesFieldWork } from "../src/entities/company/screenAccess";
import { mapsLink, telLink } from "../src/features/my-day/links";
import { jobsOfDay, nextJob } from "../src/features/my-day/useMyDay";
import { linkableEmployees } from "../src/features/team/rosterLinks";
import { buildJob } from "./builders";

const job = (id: string, changes: Partial<JobDTO> = {}): JobDTO =>
  buildJob({
    id,
    location: "12 Oak Rd",
    date: "2026-11-25",
    ...changes,
  });

const labels = (items: { label: string }[]) => items.map((item) => item.label);

describe("the navigation for each member", () => {
  it("gives an employee-role member My Day first and leaves out what only plans or pays", () => {
    const employee = { role: "employee" as const, isLinked: true };
    // Team and History are the office's: not offered (docs/my-day.md).
    expect(labels(mobileNavItemsFor(employee))).toEqual(["My Day", "Schedule", "Customers", "Chat"]);
    expect(labels(navItemsFor(employee))).toEqual([
      "My Day",
      "Schedule",
      "Employees",
      "Chat",
      "Calls",
      "Customers",
    ]);
    // Not linked yet: My Day is still theirs, and says how to get linked.
    expect(labels(mobileNavItemsFor({ role: "employee", isLinked: false }))[0]).toBe("My Day");
  });

  it("reads field work off the role table: whoever may not manage jobs; no role yet is the office", () => {
    expect(doesFieldWork("employee")).toBe(true);
    expect(doesFieldWork("admin")).toBe(false);
    expect(doesFieldWork("owner")).toBe(false);
    expect(doesFieldWork(null)).toBe(false);
  });

  it("keeps the office's navigation, with My Day in front for a linked owner or admin", () => {
    expect(labels(mobileNavItemsFor({ role: "owner", isLinked: false }))).toEqual([
      "Schedule",
      "Employees",
      "Calls",
      "History",
      "Chat",
      "Team",
    ]);
    expect(labels(navItemsFor({ role: "admin", isLinked: false }))).not.toContain("My Day");
    expect(labels(navItemsFor({ role: "admin", isLinked: true }))[0]).toBe("My Day");
    expect(labels(mobileNavItemsFor({ role: "owner", isLinked: true }))).toHaveLength(7);
  });
});

describe("My Day", () => {
  it("lists one day of the member's own jobs in time order, and the next is the first still open", () => {
    const jobs = [
      job("late", { time: "15:00" }),
      job("done", { time: "08:00", status: "completed", completedAt: "2026-11-25T08:40:00.000Z" }),
      job("other-day", { date: "2026-11-26" }),
      job("someone-else", { employeeId: "e2", time: "07:00" }),
      job("going", { time: "10:30", status: "in_progress" }),
    ];
    const day = jobsOfDay(jobs, "e1", "2026-11-25");
    expect(day.map((j) => j.id)).toEqual(["done", "going", "late"]);
    expect(nextJob(day)?.id).toBe("going");
    expect(nextJob([job("x", { status: "cancelled" })])).toBeNull();
  });

  it("hands the address to the maps app and the phone number to the dialler", () => {
    expect(mapsLink("12 Oak Rd, Springfield & Co")).toBe(
      "https://www.google.com/maps/search/?api=1&query=12%20Oak%20Rd%2C%20Springfield%20%26%20Co",
    );
    expect(telLink("+1 (555) 010-0199")).toBe("tel:+15550100199");
  });
});

describe("roster links", () => {
  const employee = (id: string, name: string, isActive = true) => ({ id, name, isActive }) as EmployeeDTO;
  const member = (userId: string, employeeId: string | null) => ({ userId, employeeId }) as MemberDTO;

  it("offers a member their own employee and everyone nobody else is, by name", () => {
    const roster = [
      employee("b", "Bea"),
      employee("a", "Al"),
      employee("t", "Tia"),
      employee("x", "Xena", false),
    ];
    const members = [member("u1", "t"), member("u2", "b")];
    expect(linkableEmployees(roster, members, "b").map((e) => e.name)).toEqual(["Al", "Bea"]);
    expect(linkableEmployees(roster, members, null).map((e) => e.name)).toEqual(["Al"]);
  });
});
