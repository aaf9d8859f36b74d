/**
 * The role table of ARCHITECTURE.md section 5, checked route by route: every call of
 * SPEC section 7, made by the owner, an admin, an employee and a signed-in non-member of
 * one company. Add a route by adding an entry. A route that is not built yet answers
 * 404 "No such endpoint" and is skipped, so the table can name routes ahead of their
 * issue and they join the check the day they exist.
 *
 * Entries make their own rows through `ctx.make` (a fresh row on every call, so the
 * owner's DELETE leaves the admin's nothing to trip on) and must never change the
 * company's members or roles.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildTenant, uniqueEmail } from "./factories";
import {
  anyUser,
  type Ctx,
  type Entry,
  type Expect,
  MONDAY,
  makers,
  office,
  officeById,
  read,
  systemAdminOnly,
  type Who,
} from "./role-matrix-support";
import { type Agent, agentFor } from "./support";

const callRecordBody = (ctx: Ctx) => ({
  companyId: ctx.companyId,
  customerName: "Cal Caller",
  customerPhone: "555 0100",
  customerEmail: null,
  customerAddress: null,
  serviceType: "service",
  notes: "",
  callDate: MONDAY,
  callTime: "10:30",
});

const ROUTES: Entry[] = [
  { route: "GET /api/user", path: () => "/api/user", expected: anyUser },
  { route: "GET /api/companies", path: () => "/api/companies", expected: anyUser },
  { route: "GET /api/user/companies", path: () => "/api/user/companies", expected: anyUser },
  // Employees (roster)
  { route: "GET /api/employees", path: (c) => `/api/employees?companyId=${c.companyId}`, expected: read },
  {
    route: "POST /api/employees",
    path: () => "/api/employees",
    body: (c) => ({
      name: "Nia Novak",
      initials: "NN",
      avatarColor: "teal",
      isActive: true,
      companyId: c.companyId,
    }),
    expected: office,
  },
  {
    route: "PUT /api/employees/:id",
    path: async (c) => `/api/employees/${(await c.make.employee()).id}`,
    body: () => ({ name: "Renamed" }),
    expected: officeById,
  },
  {
    route: "DELETE /api/employees/:id",
    path: async (c) => `/api/employees/${(await c.make.employee()).id}`,
    expected: officeById,
  },
  // Jobs
  {
    route: "GET /api/jobs",
    path: (c) => `/api/jobs?startDate=2026-11-19&endDate=2026-11-27&companyId=${c.companyId}`,
    expected: read,
  },
  {
    route: "POST /api/jobs",
    path: () => "/api/jobs",
    body: (c) => ({
      employeeId: c.employeeId,
      type: "Repair",
      location: "1 Main St",
      description: "Leaking tap",
      date: MONDAY,
      time: "09:00",
      status: "scheduled",
      paymentStatus: "pending",
      amount: "120.00",
      companyId: c.companyId,
    }),
    expected: office,
  },
  {
    route: "PUT /api/jobs/:id (schedule fields)",
    path: async (c) => `/api/jobs/${(await c.make.job()).id}`,
    body: () => ({ location: "2 Other St" }),
    expected: officeById,
  },
  {
    route: "PUT /api/jobs/:id (status only)",
    path: async (c) => `/api/jobs/${(await c.make.job()).id}`,
    body: () => ({ status: "completed" }),
    expected: { owner: "ok", admin: "ok", employee: "ok", nonMember: 404 },
  },
  {
    route: "DELETE /api/jobs/:id",
    path: async (c) => `/api/jobs/${(await c.make.job()).id}`,
    expected: officeById,
  },
  // Templates and history
  { route: "GET /api/templates", path: (c) => `/api/templates?companyId=${c.companyId}`, expected: read },
  {
    route: "POST /api/templates",
    path: () => "/api/templates",
    body: (c) => ({ name: "Standard week", description: "", companyId: c.companyId, weekStart: MONDAY }),
    expected: office,
  },
  {
    route: "DELETE /api/templates/:id",
    path: async (c) => `/api/templates/${(await c.make.template()).id}`,
    expected: officeById,
  },
  {
    route: "POST /api/templates/:id/apply",
    path: async (c) => `/api/templates/${(await c.make.template()).id}/apply`,
    body: (c) => ({ companyId: c.companyId, weekStart: MONDAY }),
    expected: officeById,
  },
  {
    route: "GET /api/weekly-schedules",
    path: (c) => `/api/weekly-schedules?companyId=${c.companyId}`,
    expected: read,
  },
  {
    route: "PUT /api/weekly-schedules/:id",
    path: async (c) => `/api/weekly-schedules/${(await c.make.weeklySchedule()).id}`,
    body: () => ({ name: "Busy week" }),
    expected: officeById,
  },
  // Chat: every member reads and sends
  { route: "GET /api/chat", path: (c) => `/api/chat?companyId=${c.companyId}`, expected: read },
  {
    route: "POST /api/chat",
    path: () => "/api/chat",
    body: (c) => ({ companyId: c.companyId, employeeId: c.employeeId, message: "On my way" }),
    expected: { owner: "ok", admin: "ok", employee: "ok", nonMember: 403 },
  },
  // Team
  {
    route: "GET /api/companies/:companyId/users",
    path: (c) => `/api/companies/${c.companyId}/users`,
    expected: read,
  },
  {
    route: "GET /api/companies/:companyId/invitations",
    path: (c) => `/api/companies/${c.companyId}/invitations`,
    expected: { owner: 200, admin: 200, employee: 403, nonMember: 403 },
  },
  {
    route: "POST /api/companies/:companyId/invitations",
    path: (c) => `/api/companies/${c.companyId}/invitations`,
    body: () => ({ email: uniqueEmail("matrix"), role: "employee" }),
    expected: { owner: 201, admin: 201, employee: 403, nonMember: 403 },
  },
  {
    route: "DELETE /api/companies/:companyId/users/:userId",
    path: async (c) => `/api/companies/${c.companyId}/users/${(await c.make.member()).id}`,
    expected: { owner: 204, admin: 204, employee: 403, nonMember: 403 },
  },
  {
    route: "DELETE /api/invitations/:id",
    path: async (c) => `/api/invitations/${(await c.make.invitation()).id}`,
    expected: { owner: 204, admin: 204, employee: 403, nonMember: 404 },
  },
  // Call log
  {
    route: "GET /api/call-records",
    path: (c) => `/api/call-records?date=${MONDAY}&companyId=${c.companyId}`,
    expected: read,
  },
  {
    route: "POST /api/call-records",
    path: () => "/api/call-records",
    body: callRecordBody,
    expected: office,
  },
  {
    route: "PUT /api/call-records/:id",
    path: async (c) => `/api/call-records/${(await c.make.callRecord()).id}`,
    body: callRecordBody,
    expected: officeById,
  },
  {
    route: "DELETE /api/call-records/:id",
    path: async (c) => `/api/call-records/${(await c.make.callRecord()).id}`,
    expected: officeById,
  },
  // Subscription: everyone reads, only the owner pays
  {
    route: "GET /api/company/:companyId/subscription",
    path: (c) => `/api/company/${c.companyId}/subscription`,
    expected: read,
  },
  { route: "GET /api/subscription-plans", path: () => "/api/subscription-plans", expected: anyUser },
  {
    route: "POST /api/create-subscription",
    path: () => "/api/create-subscription",
    body: (c) => ({ companyId: c.companyId, planType: "basic" }),
    // Billing may answer differently without Stripe keys; what matters here is who gets past the door.
    expected: { owner: "allowed", admin: 403, employee: 403, nonMember: 403 },
  },
  // Platform administration: company roles grant nothing there
  { route: "GET /api/admin/companies", path: () => "/api/admin/companies", expected: systemAdminOnly },
  {
    route: "GET /api/admin/free-access-companies",
    path: () => "/api/admin/free-access-companies",
    expected: systemAdminOnly,
  },
  {
    route: "POST /api/admin/grant-free-access",
    path: () => "/api/admin/grant-free-access",
    body: (c) => ({ companyId: c.companyId, notes: "Role matrix" }),
    expected: systemAdminOnly,
  },
  {
    route: "POST /api/admin/revoke-free-access",
    path: () => "/api/admin/revoke-free-access",
    body: (c) => ({ companyId: c.companyId }),
    expected: systemAdminOnly,
  },
];

const WHO: Who[] = ["owner", "admin", "employee", "nonMember"];
const NOT_BUILT = "No such endpoint";

function matches(status: number, expected: Expect): boolean {
  if (expected === "ok") return status >= 200 && status < 300;
  if (expected === "allowed") return ![401, 403, 404].includes(status) && status < 500;
  return status === expected;
}

async function send(agent: Agent, method: string, url: string, body?: object) {
  const verb = method.toLowerCase() as "get" | "post" | "put" | "delete";
  const req = agent[verb](url);
  return body === undefined ? req : req.send(body);
}

let ctx: Ctx;
const agents = {} as Record<Who, Agent>;

beforeAll(async () => {
  const tenant = await buildTenant();
  const { owner: nonMember } = await buildCompany();
  ctx = {
    companyId: tenant.company.id,
    employeeId: tenant.employee.id,
    make: makers(tenant.company.id, tenant.owner.id),
  };
  agents.owner = await agentFor(tenant.owner);
  agents.admin = await agentFor(tenant.admin);
  agents.employee = await agentFor(tenant.employeeUser);
  agents.nonMember = await agentFor(nonMember);
});

describe("role matrix (ARCHITECTURE.md section 5)", () => {
  it.for(ROUTES)("$route", async (entry, { skip }) => {
    const method = entry.route.split(" ")[0];
    const answered: Record<string, number> = {};
    for (const who of WHO) {
      const res = await send(agents[who], method, await entry.path(ctx), await entry.body?.(ctx));
      if (res.status === 404 && res.body?.message === NOT_BUILT)
        return skip(`${entry.route} is not built yet`);
      answered[who] = matches(res.status, entry.expected[who]) ? -1 : res.status;
    }
    // One assertion per route, naming every role that got the wrong answer.
    const wrong = Object.fromEntries(Object.entries(answered).filter(([, status]) => status !== -1));
    expect(wrong, `expected ${JSON.stringify(entry.expected)}`).toEqual({});
  });
});
