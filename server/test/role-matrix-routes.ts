/**
 * Every call of the API that a company's people make, with who may make it (the role table
 * in shared-types/src/roles.ts, described in docs/team-and-invitations.md). The role matrix
 * walks it as the owner, an admin, an employee and a signed-in non-member; the error-codes
 * test walks it with bad inputs. Every route the app serves is here or in OUTSIDE_ROLES
 * (role-matrix.test.ts reads the router and fails otherwise): add a route by adding an entry.
 *
 * Entries make their own rows through `ctx.make` (a fresh row on every call, so the owner's
 * DELETE leaves the admin's nothing to trip on) and must never change the company's members
 * or roles.
 */
import { uniqueEmail } from "@sched/core/test/factories";
import { ABSENCE_PLAN_ROUTES } from "./absence-plan-routes";
import { ACCOUNTING_EXPORT_ROUTES } from "./accounting-exports-support";
import { BOOKING_ROUTES } from "./booking-support";
import { COMPANY_LOGO_ROUTES } from "./company-logo-support";
import { INVOICE_PAGE_ROUTES } from "./invoice-page-routes";
import { MONEY_ROUTES } from "./money-routes";
import { OPTIMIZE_ROUTES } from "./optimize-routes";
import { QUOTE_DEPOSIT_ROUTES } from "./quote-deposit-routes";
import { QUOTE_ROUTES } from "./quote-routes";
import { QUOTE_WINDOW_ROUTES } from "./quote-window-routes";
import {
  anyUser,
  type Ctx,
  type Entry,
  MONDAY,
  office,
  officeById,
  PNG,
  read,
  systemAdminOnly,
} from "./role-matrix-support";
import { buildEntry } from "./timesheets-support";
import { VISIT_ROUTES } from "./visit-routes";
import { VISIT_WINDOWS_ROUTES } from "./visit-windows-routes";

const callRecordBody = (ctx: Ctx) => ({
  companyId: ctx.companyId,
  customerName: "Cal Caller",
  customerPhone: "555 010 0100",
  customerEmail: null,
  customerAddress: null,
  serviceType: "service",
  notes: "",
  callDate: MONDAY,
  callTime: "10:30",
});

/**
 * Routes no company role decides, with what does and the test that checks it. A route
 * belongs here only when calling it as the four actors would test nothing or would change
 * who they are.
 */
export const OUTSIDE_ROLES: Record<string, string> = {
  "POST /api/register": "made signed out; a signed-in caller gets a new account too (auth.test.ts)",
  "POST /api/login": "the password decides (auth.test.ts, sign-in-limits.test.ts)",
  "POST /api/logout": "ends the caller's own session, whoever they are (auth.test.ts)",
  "POST /api/make-admin": "the server's setup password decides (admin-setup.test.ts)",
  "POST /api/password-reset":
    "anyone may ask; the same answer for every address, under limits (password-reset.test.ts)",
  "POST /api/password-reset/:token": "the link decides, and it signs the caller in (password-reset.test.ts)",
  "POST /api/stripe/webhook": "Stripe's signature decides (stripe-webhook-trust.test.ts)",
  "POST /api/sms/inbound": "Twilio's signature decides (sms-inbound.test.ts)",
  "POST /api/invitations/token/:token/accept":
    "the link decides, and accepting makes the caller a member (invitations.test.ts)",
};

export const ROUTES: Entry[] = [
  { route: "GET /api/health", path: () => "/api/health", expected: anyUser },
  { route: "GET /api/openapi.json", path: () => "/api/openapi.json", expected: anyUser },
  { route: "GET /api/admin-setup", path: () => "/api/admin-setup", expected: anyUser },
  { route: "GET /api/user", path: () => "/api/user", expected: anyUser },
  { route: "GET /api/companies", path: () => "/api/companies", expected: anyUser },
  { route: "GET /api/user/companies", path: () => "/api/user/companies", expected: anyUser },
  {
    route: "POST /api/companies",
    path: () => "/api/companies",
    body: () => ({ name: "Another company" }),
    expected: { owner: 201, admin: 201, employee: 201, nonMember: 201 },
  },
  { route: "GET /api/companies/:companyId", path: (c) => `/api/companies/${c.companyId}`, expected: read },
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
  // The sick day (docs/time-off.md)
  ...ABSENCE_PLAN_ROUTES,
  ...OPTIMIZE_ROUTES,
  ...MONEY_ROUTES,
  ...COMPANY_LOGO_ROUTES,
  ...ACCOUNTING_EXPORT_ROUTES,
  ...BOOKING_ROUTES,
  ...VISIT_ROUTES,
  ...INVOICE_PAGE_ROUTES,
  ...QUOTE_ROUTES,
  ...QUOTE_DEPOSIT_ROUTES,
  ...QUOTE_WINDOW_ROUTES,
  ...VISIT_WINDOWS_ROUTES,
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
  // Delete's Undo (docs/schedule.md)
  {
    route: "POST /api/jobs/:id/restore",
    path: async (c) => `/api/jobs/${(await c.make.deletedJob()).id}/restore`,
    expected: officeById,
  },
  {
    route: "GET /api/jobs/:id/photos/:photo",
    path: async (c) => `/api/jobs/${(await c.make.jobWithPhoto()).id}/photos/before`,
    expected: { owner: 200, admin: 200, employee: 200, nonMember: 404 },
  },
  // Several photos per job (docs/my-day.md)
  {
    route: "GET /api/jobs/:id/photos",
    path: async (c) => `/api/jobs/${(await c.make.jobWithPhoto()).id}/photos`,
    expected: { owner: 200, admin: 200, employee: 200, nonMember: 404 },
  },
  {
    route: "POST /api/jobs/:id/photos",
    path: async (c) => `/api/jobs/${(await c.make.job()).id}/photos`,
    body: () => ({ kind: "after", photo: `data:image/png;base64,${PNG.toString("base64")}` }),
    expected: { owner: "ok", admin: "ok", employee: "ok", nonMember: 404 },
  },
  {
    route: "DELETE /api/jobs/:id/photos/:photoId",
    path: (c) => c.make.photoPath(),
    expected: officeById,
  },
  // Recurring jobs (docs/schedule.md)
  {
    route: "POST /api/job-series",
    path: () => "/api/job-series",
    body: (c) => ({
      companyId: c.companyId,
      employeeId: c.employeeId,
      type: "Repair",
      location: "4 Weekly Rd",
      time: "07:30",
      startDate: MONDAY,
      rrule: "FREQ=WEEKLY;COUNT=2",
    }),
    expected: office,
  },
  {
    route: "GET /api/job-series/:id",
    path: async (c) => `/api/job-series/${(await c.make.series()).id}`,
    expected: { owner: 200, admin: 200, employee: 200, nonMember: 404 },
  },
  {
    route: "PUT /api/job-series/:id",
    path: async (c) => `/api/job-series/${(await c.make.series()).id}`,
    body: () => ({ from: MONDAY, version: 1, location: "5 Weekly Rd" }),
    expected: officeById,
  },
  {
    route: "DELETE /api/job-series/:id",
    path: async (c) => `/api/job-series/${(await c.make.series()).id}`,
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
  // History is the office's screen (docs/my-day.md).
  {
    route: "GET /api/weekly-schedules",
    path: (c) => `/api/weekly-schedules?companyId=${c.companyId}`,
    expected: { owner: 200, admin: 200, employee: 403, nonMember: 403 },
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
    body: (c) => ({ companyId: c.companyId, message: "On my way" }),
    expected: { owner: "ok", admin: "ok", employee: "ok", nonMember: 403 },
  },
  // Team
  // The members with their e-mails are the office's; every member reads the names (chat).
  {
    route: "GET /api/companies/:companyId/users",
    path: (c) => `/api/companies/${c.companyId}/users`,
    expected: { owner: 200, admin: 200, employee: 403, nonMember: 403 },
  },
  {
    route: "GET /api/companies/:companyId/people",
    path: (c) => `/api/companies/${c.companyId}/people`,
    expected: read,
  },
  {
    route: "POST /api/companies/:companyId/users/:userId/password-reset",
    path: async (c) => `/api/companies/${c.companyId}/users/${(await c.make.member()).id}/password-reset`,
    expected: { owner: 202, admin: 403, employee: 403, nonMember: 403 },
  },
  {
    route: "GET /api/companies/:companyId/online",
    path: (c) => `/api/companies/${c.companyId}/online`,
    expected: read,
  },
  {
    route: "GET /api/invitations/token/:token",
    path: async (c) => `/api/invitations/token/${await c.make.invitationLink()}`,
    // The link is the key: anyone holding it sees whom it invites.
    expected: anyUser,
  },
  {
    route: "GET /api/companies/:companyId/first-run",
    path: (c) => `/api/companies/${c.companyId}/first-run`,
    expected: { owner: 200, admin: 200, employee: 403, nonMember: 403 },
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
    route: "PUT /api/companies/:companyId/users/:userId",
    path: async (c) => `/api/companies/${c.companyId}/users/${(await c.make.member()).id}`,
    body: async (c) => ({ employeeId: (await c.make.employee()).id }),
    expected: { owner: 200, admin: 200, employee: 403, nonMember: 403 },
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
  // Customers (docs/customers.md)
  {
    route: "GET /api/customers",
    path: (c) => `/api/customers?companyId=${c.companyId}&q=cora`,
    expected: read,
  },
  {
    route: "POST /api/customers",
    path: () => "/api/customers",
    // No phone: every role's create may succeed without two sharing a number.
    body: (c) => ({ companyId: c.companyId, name: "Nina Newcustomer", email: "nina@example.test" }),
    expected: office,
  },
  // A customer of none of the technician's jobs is not found for them (technician-privacy.test.ts).
  {
    route: "GET /api/customers/:id",
    path: async (c) => `/api/customers/${(await c.make.customer()).id}`,
    expected: { owner: 200, admin: 200, employee: 404, nonMember: 404 },
  },
  {
    route: "PUT /api/customers/:id",
    path: async (c) => `/api/customers/${(await c.make.customer()).id}`,
    body: () => ({ name: "Cora Renamed" }),
    expected: officeById,
  },
  {
    route: "DELETE /api/customers/:id",
    path: async (c) => `/api/customers/${(await c.make.customer()).id}`,
    expected: officeById,
  },
  {
    route: "POST /api/customers/import",
    path: () => "/api/customers/import",
    body: (c) => ({ companyId: c.companyId, csv: "Name,Email\nIan Import,ian@example.test\n", dryRun: true }),
    expected: office,
  },
  // Places (docs/places.md)
  {
    route: "GET /api/places/search",
    path: (c) => `/api/places/search?companyId=${c.companyId}&q=Springfield`,
    expected: office,
  },
  {
    route: "PUT /api/jobs/:id/place",
    path: async (c) => `/api/jobs/${(await c.make.job()).id}/place`,
    body: () => ({ lat: 39.8, lng: -89.65 }),
    expected: officeById,
  },
  {
    route: "PUT /api/customers/:id/place",
    path: async (c) => `/api/customers/${(await c.make.customer()).id}/place`,
    body: () => ({ lat: 39.8, lng: -89.65 }),
    expected: officeById,
  },
  {
    route: "GET /api/daily-calls",
    path: (c) => `/api/daily-calls?date=${MONDAY}&companyId=${c.companyId}`,
    expected: read,
  },
  {
    route: "PUT /api/daily-calls",
    path: (c) => `/api/daily-calls?date=${MONDAY}&companyId=${c.companyId}`,
    body: () => ({ notes: "Busy morning" }),
    expected: office,
  },
  // The header bell: every member reads and clears their own
  {
    route: "GET /api/notifications",
    path: (c) => `/api/notifications?companyId=${c.companyId}`,
    expected: read,
  },
  {
    route: "POST /api/notifications/read",
    path: () => "/api/notifications/read",
    body: (c) => ({ companyId: c.companyId }),
    expected: { owner: 204, admin: 204, employee: 204, nonMember: 403 },
  },
  // Subscription: everyone reads, only the owner pays
  {
    route: "GET /api/company/:companyId/subscription",
    path: (c) => `/api/company/${c.companyId}/subscription`,
    expected: read,
  },
  { route: "GET /api/subscription-plans", path: () => "/api/subscription-plans", expected: anyUser },
  { route: "GET /api/billing-config", path: () => "/api/billing-config", expected: anyUser },
  // The Map view's basemap (docs/schedule.md, "Map").
  { route: "GET /api/map-config", path: () => "/api/map-config", expected: anyUser },
  {
    route: "POST /api/create-subscription",
    path: () => "/api/create-subscription",
    body: (c) => ({ companyId: c.companyId, planType: "basic" }),
    // Billing may answer differently without Stripe keys; what matters here is who gets past the door.
    expected: { owner: "allowed", admin: 403, employee: 403, nonMember: 403 },
  },
  // Served only where nothing real can be bought (no Stripe keys, not production): tests.
  {
    route: "POST /api/demo-billing/activate",
    path: () => "/api/demo-billing/activate",
    body: (c) => ({ companyId: c.companyId, planType: "basic" }),
    expected: { owner: "ok", admin: 403, employee: 403, nonMember: 403 },
  },
  // Company settings: everyone reads, only the owner changes them
  {
    route: "GET /api/companies/:companyId/settings",
    path: (c) => `/api/companies/${c.companyId}/settings`,
    expected: read,
  },
  {
    route: "PUT /api/companies/:companyId/settings",
    path: (c) => `/api/companies/${c.companyId}/settings`,
    body: () => ({ timeZone: "America/Chicago", country: "US" }),
    expected: { owner: 200, admin: 403, employee: 403, nonMember: 403 },
  },
  {
    route: "GET /api/companies/:companyId/drive-speed",
    path: (c) => `/api/companies/${c.companyId}/drive-speed`,
    expected: read,
  },
  // Calendar feed: every member gets past the door; only a member linked to a roster
  // employee gets an address (409 otherwise), which calendar-feed.test.ts checks.
  {
    route: "POST /api/companies/:companyId/calendar-feed",
    path: (c) => `/api/companies/${c.companyId}/calendar-feed`,
    expected: { owner: "allowed", admin: "allowed", employee: "allowed", nonMember: 403 },
  },
  {
    route: "GET /api/calendar/:token.ics",
    path: () => `/api/calendar/${"A".repeat(43)}.ics`,
    expected: { owner: 404, admin: 404, employee: 404, nonMember: 404 },
  },
  // A customer's unsubscribe link: the token is the key, no role opens it (customer-notices.test.ts).
  {
    route: "POST /api/unsubscribe/:token",
    path: () => `/api/unsubscribe/${"A".repeat(43)}`,
    expected: { owner: 404, admin: 404, employee: 404, nonMember: 404 },
  },
  // Time off (docs/time-off.md). The matrix's employee is linked to no roster employee, so
  // their own request is refused (time-off.test.ts covers linked technicians).
  {
    route: "GET /api/time-off",
    path: (c) => `/api/time-off?companyId=${c.companyId}&from=${MONDAY}&to=${MONDAY}`,
    expected: read,
  },
  {
    route: "POST /api/time-off",
    path: () => "/api/time-off",
    body: (c) => ({
      companyId: c.companyId,
      employeeId: c.employeeId,
      startDate: "2999-01-06",
      endDate: "2999-01-06",
      kind: "vacation",
    }),
    expected: office,
  },
  {
    route: "PUT /api/time-off/:id",
    path: async (c) => `/api/time-off/${(await c.make.timeOff()).id}`,
    body: () => ({ status: "approved", version: 1 }),
    expected: officeById,
  },
  {
    route: "GET /api/time-off/:id/jobs",
    path: async (c) => `/api/time-off/${(await c.make.timeOff()).id}/jobs`,
    expected: officeById,
  },
  {
    route: "DELETE /api/time-off/:id",
    path: async (c) => `/api/time-off/${(await c.make.timeOff()).id}`,
    expected: officeById,
  },
  // Timesheets (docs/timesheets.md). Nobody here is linked to a roster employee: the clock
  // refuses them all (timesheets-clock.test.ts covers linked members).
  {
    route: "POST /api/time-clock",
    path: () => "/api/time-clock",
    body: (c) => ({ companyId: c.companyId, action: "out" }),
    expected: { owner: 403, admin: 403, employee: 403, nonMember: 403 },
  },
  {
    route: "GET /api/timesheets",
    path: (c) => `/api/timesheets?companyId=${c.companyId}&weekStart=${MONDAY}`,
    expected: read,
  },
  {
    route: "GET /api/timesheets.csv",
    path: (c) => `/api/timesheets.csv?companyId=${c.companyId}&weekStart=${MONDAY}`,
    expected: office,
  },
  // The owner's numbers (docs/numbers.md).
  {
    route: "GET /api/numbers",
    path: (c) => `/api/numbers?companyId=${c.companyId}&from=${MONDAY}&to=${MONDAY}`,
    expected: office,
  },
  {
    route: "GET /api/numbers.csv",
    path: (c) => `/api/numbers.csv?companyId=${c.companyId}&from=${MONDAY}&to=${MONDAY}`,
    expected: office,
  },
  {
    route: "GET /api/numbers/:figure/items",
    path: (c) => `/api/numbers/late/items?companyId=${c.companyId}&from=${MONDAY}&to=${MONDAY}`,
    expected: office,
  },
  {
    route: "GET /api/numbers/:figure/items.csv",
    path: (c) => `/api/numbers/utilization/items.csv?companyId=${c.companyId}&from=${MONDAY}&to=${MONDAY}`,
    expected: office,
  },
  {
    route: "POST /api/timesheets/approve",
    path: () => "/api/timesheets/approve",
    body: async (c) => ({
      companyId: c.companyId,
      weekStart: MONDAY,
      employeeId: (await c.make.employee()).id,
      version: 0,
    }),
    expected: office,
  },
  // A fresh person's week was never approved: the owner passes the door and hears 409.
  {
    route: "POST /api/timesheets/reopen",
    path: () => "/api/timesheets/reopen",
    body: async (c) => ({
      companyId: c.companyId,
      weekStart: MONDAY,
      employeeId: (await c.make.employee()).id,
      version: 0,
    }),
    expected: { owner: "allowed", admin: 403, employee: 403, nonMember: 403 },
  },
  {
    route: "PUT /api/time-entries/:id",
    path: async (c) =>
      `/api/time-entries/${(await buildEntry(c.companyId, (await c.make.employee()).id, "2020-01-06T08:00:00Z", null)).id}`,
    body: () => ({
      clockIn: "2020-01-06T08:00:00Z",
      clockOut: "2020-01-06T16:00:00Z",
      reason: "Role matrix",
      version: 1,
    }),
    expected: officeById,
  },
  // A technician reads the history of their own entries only (timesheets-office.test.ts).
  {
    route: "GET /api/time-entries/:id/history",
    path: async (c) =>
      `/api/time-entries/${(await buildEntry(c.companyId, (await c.make.employee()).id, "2020-01-13T08:00:00Z", null)).id}/history`,
    expected: { owner: 200, admin: 200, employee: 404, nonMember: 404 },
  },
  // Platform administration: company roles grant nothing there
  { route: "GET /api/admin/companies", path: () => "/api/admin/companies", expected: systemAdminOnly },
  { route: "GET /api/admin/overview", path: () => "/api/admin/overview", expected: systemAdminOnly },
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
