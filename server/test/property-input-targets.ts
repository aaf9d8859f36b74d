/**
 * Every API route that reads a body or a query (server/src/routes/*.ts), with a valid input
 * for it and the shape the property suite breaks it along. Add a route by adding an entry.
 */
import { uniqueEmail } from "@sched/core/test/factories";
import type { BodyShape, Json, Query } from "./property-input-support";

export type PropertyCtx = {
  companyId: string;
  employeeId: string;
  jobId: string;
  templateId: string;
  weekId: string;
  callRecordId: string;
  /** A working invitation link token of the company. */
  inviteToken: string;
  /** A fresh roster employee, for a route that may delete what it is given. */
  freshEmployeeId: () => Promise<string>;
};

export type Target = {
  name: string;
  method: "get" | "post" | "put" | "delete";
  path: (ctx: PropertyCtx) => string | Promise<string>;
  /** Sent signed out (and from an address of its own, for the per-IP limits). */
  signedOut?: true;
  body?: { valid: (ctx: PropertyCtx) => Json; shape: BodyShape };
  query?: { valid: (ctx: PropertyCtx) => Query; dateKeys?: string[] };
  /** The e-mail a refused request must not have made an account for. */
  emailOf?: (body: unknown) => string | undefined;
};

const MONDAY = "2026-11-23";
const emailIn = (body: unknown) =>
  body && typeof body === "object" && "email" in body && typeof body.email === "string"
    ? body.email
    : undefined;
const inCompany = (ctx: PropertyCtx): Query => [["companyId", ctx.companyId]];

const JOB_KEYS = ["employeeId", "type", "location", "description", "date", "time", "status", "paymentStatus"];
const jobBody = (ctx: PropertyCtx): Json => ({
  companyId: ctx.companyId,
  employeeId: ctx.employeeId,
  type: "Repair",
  location: "1 Main St",
  description: "Leaking tap",
  date: MONDAY,
  time: "09:00",
  status: "scheduled",
  paymentStatus: "pending",
  amount: "120.00",
  customerEmail: "",
  customerPhone: "",
});

const CALL_KEYS = [
  "customerName",
  "customerPhone",
  "customerEmail",
  "customerAddress",
  "serviceType",
  "notes",
];
const callBody = (ctx: PropertyCtx): Json => ({
  companyId: ctx.companyId,
  customerName: "Cal Caller",
  customerPhone: "555 0100",
  customerEmail: null,
  customerAddress: "2 High St",
  serviceType: "service",
  notes: "",
  callDate: MONDAY,
  callTime: "10:30",
});

const employeeBody = (ctx: PropertyCtx): Json => ({
  companyId: ctx.companyId,
  name: "Nia Novak",
  initials: "NN",
  avatarColor: "teal",
  isActive: true,
});

export const TARGETS: Target[] = [
  {
    name: "POST /api/register",
    method: "post",
    path: () => "/api/register",
    signedOut: true,
    body: {
      valid: () => ({
        email: uniqueEmail("prop"),
        password: "correct-horse-1",
        firstName: "Rae",
        lastName: "Reyes",
        companyName: "Reyes Plumbing",
        timeZone: "America/Chicago",
      }),
      shape: {
        keys: ["email", "password", "firstName", "lastName", "companyName", "timeZone"],
        textKeys: ["companyName"],
      },
    },
    emailOf: emailIn,
  },
  {
    name: "POST /api/login",
    method: "post",
    path: () => "/api/login",
    signedOut: true,
    body: {
      valid: () => ({ email: uniqueEmail("nobody"), password: "wrong-horse-1" }),
      shape: { keys: ["email", "password"] },
    },
  },
  {
    name: "POST /api/make-admin",
    method: "post",
    path: () => "/api/make-admin",
    signedOut: true,
    body: {
      valid: () => ({ email: uniqueEmail("nobody"), adminPassword: "x" }),
      shape: { keys: ["email", "adminPassword"] },
    },
  },
  {
    name: "POST /api/companies",
    method: "post",
    path: () => "/api/companies",
    body: {
      valid: () => ({ name: "Second company", timeZone: "Europe/Berlin" }),
      shape: { keys: ["name", "timeZone"], textKeys: ["name"] },
    },
  },
  {
    name: "PUT /api/companies/:companyId/settings",
    method: "put",
    path: (ctx) => `/api/companies/${ctx.companyId}/settings`,
    body: {
      valid: () => ({ timeZone: "America/Chicago", country: "US" }),
      shape: { keys: ["timeZone", "country"] },
    },
  },
  {
    name: "POST /api/employees",
    method: "post",
    path: () => "/api/employees",
    body: {
      valid: employeeBody,
      shape: { keys: ["name", "initials", "avatarColor", "isActive", "companyId"], textKeys: ["name"] },
    },
  },
  {
    name: "PUT /api/employees/:id",
    method: "put",
    path: (ctx) => `/api/employees/${ctx.employeeId}`,
    body: {
      valid: () => ({ name: "Pat Plumber" }),
      shape: { keys: ["name", "initials", "avatarColor", "isActive", "version"], textKeys: ["name"] },
    },
  },
  {
    name: "DELETE /api/employees/:id",
    method: "delete",
    path: async (ctx) => `/api/employees/${await ctx.freshEmployeeId()}`,
    query: { valid: (ctx) => [...inCompany(ctx), ["confirm", "true"]] },
  },
  {
    name: "GET /api/jobs",
    method: "get",
    path: () => "/api/jobs",
    query: {
      valid: (ctx) => [
        ...inCompany(ctx),
        ["startDate", MONDAY],
        ["endDate", "2026-11-29"],
        ["employeeId", ctx.employeeId],
      ],
      dateKeys: ["startDate", "endDate"],
    },
  },
  {
    name: "POST /api/jobs",
    method: "post",
    path: () => "/api/jobs",
    body: {
      valid: jobBody,
      shape: {
        keys: [...JOB_KEYS, "amount", "companyId"],
        dateKeys: ["date"],
        textKeys: ["location", "description"],
      },
    },
  },
  {
    name: "PUT /api/jobs/:id",
    method: "put",
    path: (ctx) => `/api/jobs/${ctx.jobId}`,
    body: {
      valid: () => ({ location: "2 Other St", status: "completed", completedAt: "2026-11-23T10:00:00Z" }),
      shape: {
        keys: [...JOB_KEYS, "completedAt", "beforePhoto", "version"],
        dateKeys: ["date", "completedAt"],
        textKeys: ["location"],
      },
    },
  },
  {
    name: "GET /api/jobs/:id/photos/:kind",
    method: "get",
    path: (ctx) => `/api/jobs/${ctx.jobId}/photos/before`,
    query: { valid: () => [["v", "1"]] },
  },
  {
    name: "POST /api/templates",
    method: "post",
    path: () => "/api/templates",
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        name: "Standard week",
        description: "",
        weekStart: MONDAY,
      }),
      shape: {
        keys: ["name", "description", "weekStart", "companyId"],
        dateKeys: ["weekStart"],
        textKeys: ["name"],
      },
    },
  },
  {
    name: "POST /api/templates/:id/apply",
    method: "post",
    path: (ctx) => `/api/templates/${ctx.templateId}/apply`,
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, weekStart: "2026-11-30", force: true }),
      shape: { keys: ["weekStart", "force", "companyId"], dateKeys: ["weekStart"] },
    },
  },
  {
    name: "PUT /api/weekly-schedules/:id",
    method: "put",
    path: (ctx) => `/api/weekly-schedules/${ctx.weekId}`,
    body: { valid: () => ({ name: "Busy week" }), shape: { keys: ["name", "version"], textKeys: ["name"] } },
  },
  {
    name: "GET /api/chat",
    method: "get",
    path: () => "/api/chat",
    query: { valid: (ctx) => [...inCompany(ctx), ["after", "7f1d9c1e-3b6a-4c8e-9f0a-2b3c4d5e6f70"]] },
  },
  {
    name: "POST /api/chat",
    method: "post",
    path: () => "/api/chat",
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, message: "On my way" }),
      shape: { keys: ["message", "companyId"], textKeys: ["message"] },
    },
  },
  {
    name: "POST /api/companies/:companyId/invitations",
    method: "post",
    path: (ctx) => `/api/companies/${ctx.companyId}/invitations`,
    body: {
      valid: () => ({ email: uniqueEmail("invitee"), role: "employee" }),
      shape: { keys: ["email", "role"] },
    },
  },
  {
    name: "POST /api/invitations/token/:token/accept",
    method: "post",
    path: (ctx) => `/api/invitations/token/${ctx.inviteToken}/accept`,
    signedOut: true,
    body: {
      valid: () => ({ firstName: "Ivy", lastName: "Invitee", password: "correct-horse-1" }),
      shape: { keys: ["firstName", "lastName", "password"], textKeys: ["firstName"] },
    },
  },
  {
    name: "GET /api/call-records",
    method: "get",
    path: () => "/api/call-records",
    query: { valid: (ctx) => [...inCompany(ctx), ["date", MONDAY]], dateKeys: ["date"] },
  },
  {
    name: "POST /api/call-records",
    method: "post",
    path: () => "/api/call-records",
    body: {
      valid: callBody,
      shape: {
        keys: [...CALL_KEYS, "callDate", "callTime", "companyId"],
        dateKeys: ["callDate"],
        textKeys: ["customerName", "notes"],
      },
    },
  },
  {
    name: "PUT /api/call-records/:id",
    method: "put",
    path: (ctx) => `/api/call-records/${ctx.callRecordId}`,
    body: {
      valid: callBody,
      shape: {
        keys: [...CALL_KEYS, "callDate", "callTime", "version"],
        dateKeys: ["callDate"],
        textKeys: ["customerAddress"],
      },
    },
  },
  {
    name: "GET /api/daily-calls",
    method: "get",
    path: () => "/api/daily-calls",
    query: { valid: (ctx) => [...inCompany(ctx), ["date", MONDAY]], dateKeys: ["date"] },
  },
  {
    name: "PUT /api/daily-calls",
    method: "put",
    path: () => `/api/daily-calls`,
    query: { valid: (ctx) => [...inCompany(ctx), ["date", MONDAY]], dateKeys: ["date"] },
    body: { valid: () => ({ notes: "Busy morning" }), shape: { keys: ["notes"], textKeys: ["notes"] } },
  },
  {
    name: "POST /api/notifications/read",
    method: "post",
    path: () => "/api/notifications/read",
    body: { valid: (ctx) => ({ companyId: ctx.companyId }), shape: { keys: ["companyId"] } },
  },
  {
    name: "POST /api/create-subscription",
    method: "post",
    path: () => "/api/create-subscription",
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, planType: "basic" }),
      shape: { keys: ["companyId", "planType"] },
    },
  },
  {
    name: "POST /api/admin/grant-free-access",
    method: "post",
    path: () => "/api/admin/grant-free-access",
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, notes: "Partner" }),
      shape: { keys: ["companyId", "notes"] },
    },
  },
  // The company's lists read only the company id: from the query, or else the X-Company-Id header.
  ...["employees", "templates", "weekly-schedules", "notifications"].map(
    (list): Target => ({
      name: `GET /api/${list}`,
      method: "get",
      path: () => `/api/${list}`,
      query: { valid: inCompany },
    }),
  ),
];

/** Routes with ids in the path: a malformed or unknown one answers 400 or 404, never 5xx. */
export const PATH_ID_ROUTES: [method: Target["method"], path: (ctx: PropertyCtx, id: string) => string][] = [
  ["put", (_, id) => `/api/employees/${id}`],
  ["delete", (_, id) => `/api/employees/${id}`],
  ["put", (_, id) => `/api/jobs/${id}`],
  ["delete", (_, id) => `/api/jobs/${id}`],
  ["get", (_, id) => `/api/jobs/${id}/photos/before`],
  ["get", (ctx, id) => `/api/jobs/${ctx.jobId}/photos/${id}`],
  ["delete", (_, id) => `/api/templates/${id}`],
  ["post", (_, id) => `/api/templates/${id}/apply`],
  ["put", (_, id) => `/api/weekly-schedules/${id}`],
  ["put", (_, id) => `/api/call-records/${id}`],
  ["delete", (_, id) => `/api/call-records/${id}`],
  ["delete", (_, id) => `/api/invitations/${id}`],
  ["get", (_, id) => `/api/invitations/token/${id}`],
  ["post", (_, id) => `/api/invitations/token/${id}/accept`],
  ["get", (_, id) => `/api/companies/${id}`],
  ["get", (_, id) => `/api/companies/${id}/users`],
  ["get", (_, id) => `/api/companies/${id}/invitations`],
  ["post", (_, id) => `/api/companies/${id}/invitations`],
  ["put", (ctx, id) => `/api/companies/${ctx.companyId}/users/${id}`],
  ["delete", (ctx, id) => `/api/companies/${ctx.companyId}/users/${id}`],
  ["delete", (_, id) => `/api/companies/${id}/users/${id}`],
  ["get", (_, id) => `/api/company/${id}/subscription`],
];
