/**
 * Time off, timesheets, series and the online list for the property suite
 * (property-input-targets.ts): bad input never answers 500 and changes nothing.
 */
import { randomUUID } from "node:crypto";
import type { Target } from "./property-input-targets";

const MONDAY = "2026-11-23";
const SERIES_KEYS = ["from", "version", "time", "durationMinutes", "type", "location", "rrule"];

export const WORKFORCE_TARGETS: Target[] = [
  {
    name: "GET /api/time-off",
    method: "get",
    path: () => "/api/time-off",
    query: {
      valid: (ctx) => [
        ["companyId", ctx.companyId],
        ["from", MONDAY],
        ["to", "2026-11-29"],
      ],
      dateKeys: ["from", "to"],
    },
  },
  {
    name: "POST /api/time-off",
    method: "post",
    path: () => "/api/time-off",
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        employeeId: ctx.employeeId,
        startDate: MONDAY,
        endDate: MONDAY,
        startTime: "13:00",
        endTime: "17:00",
        kind: "personal",
        note: "Dentist",
      }),
      shape: {
        keys: ["employeeId", "startDate", "endDate", "startTime", "endTime", "kind", "note"],
        dateKeys: ["startDate", "endDate"],
        textKeys: ["note"],
      },
    },
  },
  {
    name: "PUT /api/time-off/:id",
    method: "put",
    path: () => `/api/time-off/${randomUUID()}`,
    body: {
      valid: () => ({ status: "approved", version: 1 }),
      shape: { keys: ["status", "version"] },
    },
  },
  {
    name: "POST /api/time-clock",
    method: "post",
    path: () => "/api/time-clock",
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, action: "in", at: "2026-11-23T08:00:00Z" }),
      shape: { keys: ["action", "at"] },
    },
  },
  {
    name: "GET /api/timesheets",
    method: "get",
    path: () => "/api/timesheets",
    query: {
      valid: (ctx) => [
        ["companyId", ctx.companyId],
        ["weekStart", MONDAY],
      ],
      dateKeys: ["weekStart"],
    },
  },
  {
    name: "GET /api/timesheets.csv",
    method: "get",
    path: () => "/api/timesheets.csv",
    query: {
      valid: (ctx) => [
        ["companyId", ctx.companyId],
        ["weekStart", MONDAY],
      ],
      dateKeys: ["weekStart"],
    },
  },
  ...(["approve", "reopen"] as const).map(
    (action): Target => ({
      name: `POST /api/timesheets/${action}`,
      method: "post",
      path: () => `/api/timesheets/${action}`,
      body: {
        valid: (ctx) => ({
          companyId: ctx.companyId,
          weekStart: MONDAY,
          employeeId: ctx.employeeId,
          version: 0,
        }),
        shape: { keys: ["weekStart", "employeeId", "version"], dateKeys: ["weekStart"] },
      },
    }),
  ),
  {
    name: "PUT /api/time-entries/:id",
    method: "put",
    path: () => `/api/time-entries/${randomUUID()}`,
    body: {
      valid: () => ({
        clockIn: "2026-11-23T08:00:00Z",
        clockOut: "2026-11-23T16:30:00Z",
        reason: "Forgot to clock out",
        version: 1,
      }),
      shape: { keys: ["clockIn", "clockOut", "reason", "version"], textKeys: ["reason"] },
    },
  },
  {
    name: "PUT /api/job-series/:id",
    method: "put",
    path: () => `/api/job-series/${randomUUID()}`,
    body: {
      valid: () => ({
        from: MONDAY,
        version: 1,
        time: "10:00",
        durationMinutes: 90,
        rrule: "FREQ=WEEKLY;BYDAY=MO",
      }),
      shape: { keys: SERIES_KEYS, dateKeys: ["from"] },
    },
  },
];

/** Routes of this group that read only their path. */
export const WORKFORCE_PATH_ONLY_ROUTES = [
  "DELETE /api/time-off/:id",
  "GET /api/time-off/:id/jobs",
  "POST /api/absence-plans/:id/undo",
  "GET /api/time-entries/:id/history",
  "GET /api/job-series/:id",
  "GET /api/companies/:companyId/online",
];
