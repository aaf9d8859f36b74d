/**
 * The sick day's routes for the role matrix and the error-codes walk (role-matrix-routes.ts):
 * owners and admins only, an employee of another company 404. Each call makes its own
 * employee, so no call finds the day already re-planned.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { absencePlans, timeOff } from "@sched/core/db/schema";
import type { Target } from "./property-input-targets";
import { type Entry, MONDAY, office, officeById } from "./role-matrix-support";

/** A new employee's approved sick Monday, as a re-plan leaves it. */
async function sickMonday(companyId: string, employee: { id: string }) {
  const [off] = await db
    .insert(timeOff)
    .values({
      companyId,
      employeeId: employee.id,
      startDate: MONDAY,
      endDate: MONDAY,
      kind: "sick",
      status: "approved",
    })
    .returning();
  return { employee, off };
}

/** The time off the last Undo path made, for its body (the walk asks for the path first). */
let lastTimeOffId: string | undefined;

export const ABSENCE_PLAN_ROUTES: Entry[] = [
  {
    route: "POST /api/employees/:id/absence-plan",
    path: async (c) => `/api/employees/${(await c.make.employee()).id}/absence-plan`,
    body: (c) => ({ companyId: c.companyId, date: MONDAY }),
    expected: officeById,
  },
  {
    route: "POST /api/employees/:id/absence-plan/apply",
    path: async (c) => `/api/employees/${(await c.make.employee()).id}/absence-plan/apply`,
    body: (c) => ({ companyId: c.companyId, date: MONDAY, moves: [] }),
    expected: officeById,
  },
  {
    route: "POST /api/employees/:id/absence-plan/undo",
    path: async (c) => {
      const { employee, off } = await sickMonday(c.companyId, await c.make.employee());
      lastTimeOffId = off.id;
      return `/api/employees/${employee.id}/absence-plan/undo`;
    },
    body: (c) => ({ companyId: c.companyId, timeOffId: lastTimeOffId ?? randomUUID(), jobs: [] }),
    expected: officeById,
  },
  {
    route: "GET /api/absence-plans",
    path: (c) => `/api/absence-plans?companyId=${c.companyId}&from=${MONDAY}&to=${MONDAY}`,
    expected: office,
  },
  {
    route: "POST /api/absence-plans/:id/undo",
    path: async (c) => {
      const { employee, off } = await sickMonday(c.companyId, await c.make.employee());
      const [plan] = await db
        .insert(absencePlans)
        .values({
          companyId: c.companyId,
          employeeId: employee.id,
          date: MONDAY,
          timeOffId: off.id,
          timeOffAction: "added",
          jobs: [],
        })
        .returning();
      return `/api/absence-plans/${plan.id}/undo`;
    },
    expected: officeById,
  },
];

/** The same routes for the property suite (property-input-targets.ts): bad input never answers 500. */
export const ABSENCE_PLAN_TARGETS: Target[] = [
  {
    name: "GET /api/absence-plans",
    method: "get",
    path: () => "/api/absence-plans",
    query: {
      valid: (ctx) => [
        ["companyId", ctx.companyId],
        ["from", MONDAY],
        ["to", MONDAY],
      ],
      dateKeys: ["from", "to"],
    },
  },
  {
    name: "POST /api/employees/:id/absence-plan",
    method: "post",
    path: (ctx) => `/api/employees/${ctx.employeeId}/absence-plan`,
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, date: MONDAY }),
      shape: { keys: ["companyId", "date"], dateKeys: ["date"] },
    },
  },
  {
    name: "POST /api/employees/:id/absence-plan/apply",
    method: "post",
    path: async (ctx) => `/api/employees/${await ctx.freshEmployeeId()}/absence-plan/apply`,
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        date: MONDAY,
        moves: [{ jobId: ctx.jobId, employeeId: null, version: 1 }],
      }),
      shape: { keys: ["companyId", "date", "moves"], dateKeys: ["date"] },
    },
  },
  {
    name: "POST /api/employees/:id/absence-plan/undo",
    method: "post",
    path: (ctx) => `/api/employees/${ctx.employeeId}/absence-plan/undo`,
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        timeOffId: randomUUID(),
        jobs: [{ jobId: ctx.jobId, time: "09:00", version: 1 }],
      }),
      shape: { keys: ["companyId", "timeOffId", "jobs"] },
    },
  },
];
