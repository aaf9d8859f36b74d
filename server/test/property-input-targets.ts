/**
 * Every API route that reads a body or a query (server/src/routes/*.ts), with a valid input
 * for it and the shape the property suite breaks it along; the routes that read neither are
 * in PATH_ONLY_ROUTES. The suite reads the app's router and fails on a route in neither
 * list: add a route by adding an entry. Path ids need no entry: every route's parameters
 * are broken one at a time (pathIdCases).
 */
import { randomUUID } from "node:crypto";
import { uniqueEmail } from "@sched/core/test/factories";
import { ABSENCE_PLAN_TARGETS } from "./absence-plan-routes";
import { ACCOUNTING_EXPORT_TARGETS } from "./accounting-exports-support";
import { BOOKING_PATH_ONLY_ROUTES, BOOKING_TARGETS } from "./booking-support";
import { COMPANY_LOGO_PATH_ONLY_ROUTES, COMPANY_LOGO_TARGETS } from "./company-logo-support";
import { INVOICE_PAGE_PATH_ONLY_ROUTES } from "./invoice-page-routes";
import { MONEY_PATH_ONLY_ROUTES, MONEY_TARGETS } from "./money-routes";
import { OPTIMIZE_PATH_ONLY_ROUTES, OPTIMIZE_TARGETS } from "./optimize-routes";
import type { BodyShape, Json, Query } from "./property-input-support";
import { QUOTE_DEPOSIT_PATH_ONLY_ROUTES } from "./quote-deposit-routes";
import { QUOTE_PATH_ONLY_ROUTES, QUOTE_TARGETS } from "./quote-routes";
import { QUOTE_WINDOW_TARGETS } from "./quote-window-routes";
import { VISIT_PATH_ONLY_ROUTES, VISIT_TARGETS } from "./visit-routes";
import { VISIT_WINDOWS_TARGETS } from "./visit-windows-routes";
import { WORKFORCE_PATH_ONLY_ROUTES, WORKFORCE_TARGETS } from "./workforce-targets";

export type PropertyCtx = {
  companyId: string;
  employeeId: string;
  jobId: string;
  templateId: string;
  weekId: string;
  callRecordId: string;
  customerId: string;
  /** A member (employee role) the owner may link to a roster employee. */
  memberId: string;
  /** A working invitation link token of the company. */
  inviteToken: string;
  /** A fresh roster employee, for a route that may delete what it is given. */
  freshEmployeeId: () => Promise<string>;
  /** A fresh job, for a route that may delete what it is given. */
  freshJobId: () => Promise<string>;
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
/** A 1x1 PNG, a real image for the photo routes. */
const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
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
  customerPhone: "555 010 0100",
  customerEmail: null,
  customerAddress: "2 High St",
  serviceType: "service",
  notes: "",
  callDate: MONDAY,
  callTime: "10:30",
});

const CUSTOMER_KEYS = ["name", "phone", "email", "address", "notes", "companyId"];
const customerFields = (): Json => ({
  name: "Cora Customer",
  phone: "555 010 0142",
  email: "cora@example.test",
  address: "5 Elm St",
  notes: "Side gate",
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
    name: "POST /api/password-reset",
    method: "post",
    path: () => "/api/password-reset",
    signedOut: true,
    body: {
      valid: () => ({ email: uniqueEmail("nobody") }),
      shape: { keys: ["email"] },
    },
  },
  {
    name: "POST /api/password-reset/:token",
    method: "post",
    // A link that never existed: every input is refused, and nothing changes.
    path: () => `/api/password-reset/${"A".repeat(43)}`,
    signedOut: true,
    body: {
      valid: () => ({ password: "correct-horse-2" }),
      shape: { keys: ["password"] },
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
      valid: () => ({
        timeZone: "America/Chicago",
        country: "US",
        drive: { roadFactor: 1.3, averageSpeedKmh: 35, parkMinutes: 5 },
      }),
      shape: { keys: ["timeZone", "country", "drive"] },
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
  // The sick day (docs/time-off.md)
  ...ABSENCE_PLAN_TARGETS,
  ...OPTIMIZE_TARGETS,
  ...MONEY_TARGETS,
  ...COMPANY_LOGO_TARGETS,
  ...QUOTE_TARGETS,
  ...QUOTE_WINDOW_TARGETS,
  ...ACCOUNTING_EXPORT_TARGETS,
  ...BOOKING_TARGETS,
  ...VISIT_TARGETS,
  ...VISIT_WINDOWS_TARGETS,
  ...WORKFORCE_TARGETS,
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
    name: "DELETE /api/jobs/:id",
    method: "delete",
    path: async (ctx) => `/api/jobs/${await ctx.freshJobId()}`,
    query: {
      valid: () => [
        ["scope", "this"],
        ["includeDetached", "false"],
      ],
    },
  },
  {
    // A fresh job each time: ten valid sends would otherwise fill a kind (409).
    name: "POST /api/jobs/:id/photos",
    method: "post",
    path: async (ctx) => `/api/jobs/${await ctx.freshJobId()}/photos`,
    body: {
      valid: () => ({ kind: "before", photo: `data:image/png;base64,${PNG_1X1}` }),
      shape: { keys: ["kind", "photo"] },
    },
  },
  {
    name: "POST /api/job-series",
    method: "post",
    path: () => "/api/job-series",
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        employeeId: ctx.employeeId,
        type: "Repair",
        location: "4 Weekly Rd",
        description: "",
        time: "07:30",
        durationMinutes: 90,
        startDate: MONDAY,
        rrule: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=3",
      }),
      shape: {
        keys: [
          "employeeId",
          "type",
          "location",
          "time",
          "durationMinutes",
          "customerId",
          "startDate",
          "rrule",
        ],
        dateKeys: ["startDate"],
        textKeys: ["location", "description"],
      },
    },
  },
  {
    name: "GET /api/jobs/:id/photos/:photo",
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
    name: "PUT /api/companies/:companyId/users/:userId",
    method: "put",
    path: (ctx) => `/api/companies/${ctx.companyId}/users/${ctx.memberId}`,
    body: { valid: (ctx) => ({ employeeId: ctx.employeeId }), shape: { keys: ["employeeId"] } },
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
    name: "GET /api/customers",
    method: "get",
    path: () => "/api/customers",
    query: { valid: (ctx) => [...inCompany(ctx), ["q", "cora"], ["limit", "5"]] },
  },
  {
    name: "POST /api/customers",
    method: "post",
    path: () => "/api/customers",
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, ...customerFields() }),
      shape: { keys: CUSTOMER_KEYS, textKeys: ["name", "address", "notes"] },
    },
  },
  {
    name: "PUT /api/customers/:id",
    method: "put",
    path: (ctx) => `/api/customers/${ctx.customerId}`,
    body: {
      valid: customerFields,
      shape: { keys: [...CUSTOMER_KEYS, "version"], textKeys: ["name", "notes"] },
    },
  },
  // Places (docs/places.md): the office's search and its pins.
  {
    name: "GET /api/places/search",
    method: "get",
    path: () => "/api/places/search",
    query: { valid: (ctx) => [...inCompany(ctx), ["q", "Springfield, IL"]] },
  },
  {
    name: "PUT /api/jobs/:id/place",
    method: "put",
    path: (ctx) => `/api/jobs/${ctx.jobId}/place`,
    body: {
      valid: () => ({ lat: 39.8, lng: -89.65 }),
      shape: { keys: ["lat", "lng", "place", "version"] },
    },
  },
  {
    name: "PUT /api/customers/:id/place",
    method: "put",
    path: (ctx) => `/api/customers/${ctx.customerId}/place`,
    body: {
      valid: () => ({ place: null }),
      shape: { keys: ["lat", "lng", "place", "version"] },
    },
  },
  {
    name: "POST /api/customers/import",
    method: "post",
    path: () => "/api/customers/import",
    body: {
      valid: (ctx) => ({
        companyId: ctx.companyId,
        csv: "Name,Phone,Email\nIan Import,555 010 0199,ian@example.test\n",
        dryRun: true,
      }),
      shape: { keys: ["csv", "dryRun", "companyId"], textKeys: ["csv"] },
    },
  },
  // The owner's numbers (docs/numbers.md): a period, and the rows behind one figure.
  ...(
    [
      "/api/numbers",
      "/api/numbers.csv",
      "/api/numbers/late/items",
      "/api/numbers/days-to-paid/items.csv",
    ] as const
  ).map(
    (path): Target => ({
      name: `GET ${path.replace(/\/(late|days-to-paid)\//, "/:figure/")}`,
      method: "get",
      path: () => path,
      query: {
        valid: (ctx) => [...inCompany(ctx), ["from", MONDAY], ["to", "2026-11-29"]],
        dateKeys: ["from", "to"],
      },
    }),
  ),
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
    name: "POST /api/demo-billing/activate",
    method: "post",
    path: () => "/api/demo-billing/activate",
    body: {
      valid: (ctx) => ({ companyId: ctx.companyId, planType: "basic" }),
      shape: { keys: ["companyId", "planType"] },
    },
  },
  {
    // Read as raw bytes for the signature: whatever arrives, no signature is a 400.
    name: "POST /api/stripe/webhook",
    method: "post",
    path: () => "/api/stripe/webhook",
    signedOut: true,
    body: {
      valid: () => ({ id: "evt_property", type: "customer.subscription.updated", data: { object: {} } }),
      shape: { keys: ["id", "type", "data"] },
    },
  },
  {
    // Twilio's form, read only once its signature is checked: unsigned, whatever arrives is a 403.
    name: "POST /api/sms/inbound",
    method: "post",
    path: () => "/api/sms/inbound",
    signedOut: true,
    body: { valid: () => ({ From: "+12015550123", Body: "STOP" }), shape: { keys: ["From", "Body"] } },
  },
  {
    name: "POST /api/admin/revoke-free-access",
    method: "post",
    path: () => "/api/admin/revoke-free-access",
    body: { valid: (ctx) => ({ companyId: ctx.companyId }), shape: { keys: ["companyId"] } },
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

/**
 * The routes that read neither a body nor a query: nothing to break but their path ids,
 * which pathIdCases covers.
 */
export const PATH_ONLY_ROUTES: string[] = [
  "GET /api/health",
  "GET /api/openapi.json",
  "GET /api/jobs/:id/photos",
  "DELETE /api/jobs/:id/photos/:photoId",
  "GET /api/admin-setup",
  "GET /api/user",
  "GET /api/companies",
  "GET /api/user/companies",
  "GET /api/subscription-plans",
  "GET /api/billing-config",
  "GET /api/map-config",
  "GET /api/admin/companies",
  "GET /api/admin/overview",
  "GET /api/admin/free-access-companies",
  // Ends the session the suite sends everything else with: never sent (auth.test.ts).
  "POST /api/logout",
  "GET /api/companies/:companyId",
  "GET /api/companies/:companyId/first-run",
  "GET /api/companies/:companyId/users",
  "GET /api/companies/:companyId/people",
  "POST /api/companies/:companyId/users/:userId/password-reset",
  "GET /api/companies/:companyId/invitations",
  "GET /api/companies/:companyId/settings",
  "GET /api/companies/:companyId/drive-speed",
  "GET /api/company/:companyId/subscription",
  "POST /api/companies/:companyId/calendar-feed",
  "DELETE /api/companies/:companyId/users/:userId",
  "GET /api/invitations/token/:token",
  "DELETE /api/invitations/:id",
  "GET /api/calendar/:token.ics",
  "POST /api/unsubscribe/:token",
  "GET /api/customers/:id",
  "DELETE /api/customers/:id",
  "DELETE /api/templates/:id",
  "DELETE /api/call-records/:id",
  "DELETE /api/job-series/:id",
  "POST /api/jobs/:id/restore",
  ...WORKFORCE_PATH_ONLY_ROUTES,
  ...OPTIMIZE_PATH_ONLY_ROUTES,
  ...MONEY_PATH_ONLY_ROUTES,
  ...COMPANY_LOGO_PATH_ONLY_ROUTES,
  ...QUOTE_PATH_ONLY_ROUTES,
  ...QUOTE_DEPOSIT_PATH_ONLY_ROUTES,
  ...BOOKING_PATH_ONLY_ROUTES,
  ...VISIT_PATH_ONLY_ROUTES,
  ...INVOICE_PAGE_PATH_ONLY_ROUTES,
];

const METHODS = ["get", "post", "put", "delete"] as const;

/** One route with one of its path parameters replaced by the id under test. */
export type PathIdCase = {
  name: string;
  method: Target["method"];
  path: (ctx: PropertyCtx, id: string) => string;
};

/**
 * A valid value for the parameters left whole, so the broken one is what the route meets:
 * the company, a member, the job of the photo route (the one route with `:id` beside
 * another parameter) and a photo kind. Any other name gets an unknown id.
 */
function validParam(name: string, ctx: PropertyCtx): string {
  const known: Record<string, string> = {
    companyId: ctx.companyId,
    userId: ctx.memberId,
    id: ctx.jobId,
    photo: "before",
  };
  return known[name] ?? randomUUID();
}

/** Every route with a path parameter, once per parameter, read from the routes the app serves. */
export function pathIdCases(routes: string[]): PathIdCase[] {
  return routes.flatMap((route) => {
    const [verb, pattern] = route.split(" ");
    const method = METHODS.find((known) => known === verb.toLowerCase());
    if (!method) throw new Error(`No way to send ${route}`);
    const params = [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]);
    return params.map(
      (broken): PathIdCase => ({
        name: `${route} (:${broken})`,
        method,
        path: (ctx, id) =>
          pattern.replace(/:(\w+)/g, (_, name: string) => (name === broken ? id : validParam(name, ctx))),
      }),
    );
  });
}
