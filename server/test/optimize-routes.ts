/**
 * Optimize a day's routes (and its undoable plans) for the role matrix (role-matrix-routes.ts) and the property
 * suite (property-input-targets.ts): owners and admins only; each apply moves a fresh job.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { routePlans } from "@sched/core/db/schema";
import { buildEmployee, buildJob } from "@sched/core/test/factories";
import type { Target } from "./property-input-targets";
import { type Entry, MONDAY, office, officeById } from "./role-matrix-support";

/** The job and technician the last apply path made, for its body (the walk asks for the path first). */
let lastMove: { jobId: string; employeeId: string } | undefined;

export const OPTIMIZE_ROUTES: Entry[] = [
  {
    route: "POST /api/days/:date/optimize",
    path: () => `/api/days/${MONDAY}/optimize`,
    body: (c) => ({ companyId: c.companyId }),
    expected: office,
  },
  {
    route: "POST /api/days/:date/optimize/apply",
    path: async (c) => {
      const employee = await buildEmployee(c.companyId);
      const job = await buildJob(c.companyId, employee.id, { flexible: true });
      lastMove = { jobId: job.id, employeeId: employee.id };
      return `/api/days/${MONDAY}/optimize/apply`;
    },
    body: (c) => ({
      companyId: c.companyId,
      moves: [
        {
          jobId: lastMove?.jobId ?? randomUUID(),
          employeeId: lastMove?.employeeId ?? c.employeeId,
          time: "10:00",
          version: 1,
        },
      ],
    }),
    expected: office,
  },
  {
    route: "GET /api/route-plans",
    path: (c) => `/api/route-plans?companyId=${c.companyId}&date=${MONDAY}`,
    expected: office,
  },
  {
    route: "POST /api/route-plans/:id/undo",
    path: async (c) => {
      const [plan] = await db
        .insert(routePlans)
        .values({ companyId: c.companyId, date: MONDAY, jobs: [] })
        .returning();
      return `/api/route-plans/${plan.id}/undo`;
    },
    expected: officeById,
  },
];

/** Bad input never answers 500. */
export const OPTIMIZE_TARGETS: Target[] = [
  {
    name: "GET /api/route-plans",
    method: "get",
    path: () => "/api/route-plans",
    query: {
      valid: (ctx) => [
        ["companyId", ctx.companyId],
        ["date", MONDAY],
      ],
      dateKeys: ["date"],
    },
  },
  {
    name: "POST /api/days/:date/optimize",
    method: "post",
    path: () => `/api/days/${MONDAY}/optimize`,
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, employeeIds: [ctx.employeeId], reassign: true }),
      shape: { keys: ["companyId", "employeeIds", "reassign"] },
    },
  },
  {
    name: "POST /api/days/:date/optimize/apply",
    method: "post",
    path: () => `/api/days/${MONDAY}/optimize/apply`,
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        moves: [{ jobId: ctx.jobId, employeeId: ctx.employeeId, time: "09:00", version: 1 }],
      }),
      shape: { keys: ["companyId", "moves"] },
    },
  },
];

export const OPTIMIZE_PATH_ONLY_ROUTES = ["POST /api/route-plans/:id/undo"];
