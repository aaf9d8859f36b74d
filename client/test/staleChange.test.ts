import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { jobChangeLabels, jobChangeValues } from "../src/entities/job/jobChanges";
import { EMPLOYEE_LABELS, employeeFormValues } from "../src/features/employees/employeeChanges";
import { ApiError } from "../src/lib/api";
import { queryKeys } from "../src/lib/queryKeys";
import {
  differingFields,
  intendedChange,
  NOT_SET,
  putRowInLists,
  readValue,
  staleAnswerOf,
} from "../src/lib/staleChange";
import { buildEmployee, buildJob } from "./builders";

const COMPANY = "11111111-1111-4111-8111-111111111111";

const employee = (id: string, name: string, changes: Partial<EmployeeDTO> = {}): EmployeeDTO =>
  buildEmployee({
    id,
    companyId: COMPANY,
    name,
    initials: name
      .split(" ")
      .map((part) => part[0])
      .join(""),
    avatarColor: "teal",
    createdAt: "2026-11-01T00:00:00.000Z",
    ...changes,
  });

const LUIS = employee("e1", "Luis Garcia");
const MARIA = employee("e2", "Maria Chen");

const job = (changes: Partial<JobDTO> = {}): JobDTO =>
  buildJob({
    companyId: COMPANY,
    employeeId: LUIS.id,
    date: "2031-03-05",
    amount: "95.00",
    ...changes,
  });

const staleError = (current: unknown, message = "Amy Admin changed this job since you opened it.") =>
  new ApiError(409, JSON.stringify({ message, code: "stale", current }));

const labels = jobChangeLabels([LUIS, MARIA]);

describe("staleAnswerOf", () => {
  it("reads the server's message and the row as it is now", () => {
    const current = job({ location: "2 Admin Ave", version: 2 });
    expect(staleAnswerOf<JobDTO>(staleError(current))).toEqual({
      message: "Amy Admin changed this job since you opened it.",
      current,
    });
  });

  it("is null for any other failure, or a stale answer without a row", () => {
    expect(staleAnswerOf(new ApiError(409, '{"message":"Taken","code":"conflict"}'))).toBeNull();
    expect(staleAnswerOf(new ApiError(409, "Conflict"))).toBeNull();
    expect(staleAnswerOf(new Error("offline"))).toBeNull();
    expect(staleAnswerOf(staleError({ id: "j1" }))).toBeNull();
  });
});

describe("readValue", () => {
  it("reads empty values as not set, and uses the label's words", () => {
    expect(readValue(undefined, "")).toBe(NOT_SET);
    expect(readValue(undefined, "  ")).toBe(NOT_SET);
    expect(readValue(undefined, null)).toBe(NOT_SET);
    expect(readValue(undefined, " 1 Main St ")).toBe("1 Main St");
    expect(readValue(labels.amount, "120.5")).toBe("$120.50");
    expect(readValue(EMPLOYEE_LABELS.isActive, false)).toBe("No");
  });
});

describe("intendedChange", () => {
  it("keeps only what the user changed from the row they opened", () => {
    const opened = jobChangeValues(job());
    const wanted = { ...opened, location: "3 Owner St", amount: "95", description: "" };
    expect(intendedChange(opened, wanted, labels)).toEqual({ location: "3 Owner St" });
  });

  it("includes a new or removed photo", () => {
    const opened = jobChangeValues(job({ afterPhotoUrl: "/api/jobs/j1/photos/after?v=1" }));
    const wanted = { status: opened.status, beforePhoto: "data:image/png;base64,AAAA", afterPhoto: null };
    expect(intendedChange(opened, wanted, labels)).toEqual({
      beforePhoto: "data:image/png;base64,AAAA",
      afterPhoto: null,
    });
  });

  it("is the whole form when nothing changed: the user saves what is on their screen", () => {
    const opened = jobChangeValues(job());
    expect(intendedChange(opened, { status: "scheduled" }, labels)).toEqual({ status: "scheduled" });
  });
});

describe("differingFields", () => {
  it("lists the user's fields that read differently now, in human words, employees by name", () => {
    const mine = {
      employeeId: MARIA.id,
      date: "2031-03-06",
      location: "3 Owner St",
      status: "completed" as const,
    };
    const now = jobChangeValues(job({ location: "2 Admin Ave", status: "in_progress", version: 2 }));
    expect(differingFields(mine, now, labels)).toEqual([
      { field: "date", label: "Date", now: "Wed, Mar 5", mine: "Thu, Mar 6" },
      { field: "employeeId", label: "Employee", now: "Luis Garcia", mine: "Maria Chen" },
      { field: "location", label: "Location", now: "2 Admin Ave", mine: "3 Owner St" },
      { field: "status", label: "Status", now: "In Progress", mine: "Completed" },
    ]);
  });

  it("leaves out what already matches, and what the user did not change", () => {
    const now = jobChangeValues(job({ location: "3 Owner St", time: "14:30", version: 3 }));
    expect(differingFields({ location: "3 Owner St", amount: "95" }, now, labels)).toEqual([]);
    expect(differingFields({ time: "09:00", paymentStatus: "paid" as const }, now, labels)).toEqual([
      { field: "time", label: "Time", now: "2:30 PM", mine: "9:00 AM" },
      { field: "paymentStatus", label: "Payment", now: "Pending", mine: "Paid" },
    ]);
  });

  it("names photos, an employee no longer on the list, and empty values", () => {
    const now = jobChangeValues(
      job({ employeeId: "gone", beforePhotoUrl: "/api/jobs/j1/photos/before?v=2", description: "Leak" }),
    );
    const mine = { employeeId: LUIS.id, beforePhoto: "data:image/png;base64,AAAA", description: "" };
    expect(differingFields(mine, now, labels)).toEqual([
      { field: "employeeId", label: "Employee", now: "Another employee", mine: "Luis Garcia" },
      { field: "description", label: "Description", now: "Leak", mine: NOT_SET },
      { field: "beforePhoto", label: "Before photo", now: "A photo", mine: "A new photo" },
    ]);
  });

  it("speaks each resource's own words", () => {
    const now = employeeFormValues(employee("e1", "Luis García", { avatarColor: "purple", isActive: false }));
    expect(differingFields({ name: "Luis Garcia", isActive: true }, now, EMPLOYEE_LABELS)).toEqual([
      { field: "name", label: "Full Name", now: "Luis García", mine: "Luis Garcia" },
      { field: "isActive", label: "Active", now: "No", mine: "Yes" },
    ]);
  });
});

describe("putRowInLists", () => {
  it("replaces the row in every list that holds it, never over a newer version", () => {
    const queryClient = new QueryClient();
    const thisWeek = queryKeys.jobs(COMPANY, "2031-02-27", "2031-03-13");
    const nextWeek = queryKeys.jobs(COMPANY, "2031-03-06", "2031-03-20");
    const other = job({ id: "j2" });
    queryClient.setQueryData(thisWeek, [job(), other]);
    queryClient.setQueryData(nextWeek, [other]);

    const current = job({ location: "2 Admin Ave", version: 2 });
    putRowInLists(queryClient, "jobs", current);
    expect(queryClient.getQueryData(thisWeek)).toEqual([current, other]);
    expect(queryClient.getQueryData(nextWeek)).toEqual([other]);

    putRowInLists(queryClient, "jobs", job({ location: "older", version: 1 }));
    expect(queryClient.getQueryData(thisWeek)).toEqual([current, other]);
  });
});
