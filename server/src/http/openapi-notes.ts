/**
 * What the OpenAPI document (./openapi.ts) cannot read from route(): routes made without
 * it, bodies a handler reads itself, limits, answers that are not JSON, tag names. Keys are
 * `method path` as the document writes them; a key naming no route fails the build
 * (server/test/openapi.test.ts), so a renamed route cannot leave a stale note.
 */
import { ZInvitationSignUp, ZLogin, ZMakeAdmin, ZSmsInbound } from "@sched/shared-types";
import type { z } from "zod";
import { openApiPath } from "./api-surface";
import type { RouteSpec } from "./route";

/** Routes served by something other than route(), by Express's path (`:id`): described by hand. */
export const ROUTES_WITHOUT_ROUTE_HELPER: Record<string, RouteSpec> = {
  "get /api/health": { access: "public" },
};

/**
 * Bodies a handler parses itself, after a check that must come first (a refused sign-in
 * counts before the form is read; a signed-in user accepts an invitation without one).
 */
export const BODIES_READ_BY_THE_HANDLER: Record<string, z.ZodType> = {
  "post /api/login": ZLogin,
  "post /api/make-admin": ZMakeAdmin,
  // Read once Twilio's signature over it is checked (docs/customers.md, "Text messages").
  "post /api/sms/inbound": ZSmsInbound,
  // A signed-in user accepts without a form.
  "post /api/invitations/token/{token}/accept": ZInvitationSignUp.optional(),
};

/** Rate limited in core/src/limits.ts or server/src/auth/rate-limit.ts: a 429 with Retry-After (docs/api.md). */
export const RATE_LIMITED = new Set([
  "post /api/register",
  "post /api/login",
  "post /api/make-admin",
  "post /api/companies",
  "post /api/companies/{companyId}/invitations",
  "post /api/companies/{companyId}/users/{userId}/password-reset",
  "post /api/chat",
  "post /api/password-reset",
  "post /api/public/companies/{slug}/bookings",
  "post /api/public/visits/{token}/reschedule",
  "post /api/public/visits/{token}/cancel",
  "post /api/public/visits/{token}/notes",
  "post /api/public/quotes/{token}/approve",
  "post /api/public/quotes/{token}/decline",
  "post /api/public/quotes/{token}/deposit",
  "post /api/public/quotes/{token}/demo-deposit",
  "post /api/public/quotes/{token}/window",
  "post /api/public/invoices/{token}/pay",
  "post /api/public/invoices/{token}/demo-pay",
]);

/** Answers that are not JSON; every other success is. */
export const MEDIA_TYPES: Record<string, string> = {
  "get /api/timesheets.csv": "text/csv",
  "get /api/numbers.csv": "text/csv",
  "get /api/numbers/{figure}/items.csv": "text/csv",
  "get /api/price-book.csv": "text/csv",
  "get /api/exports/invoices.csv": "text/csv",
  "get /api/exports/invoice-lines.csv": "text/csv",
  "get /api/exports/payments.csv": "text/csv",
  "get /api/invoices/{id}.pdf": "application/pdf",
  "get /api/calendar/{token}.ics": "text/calendar",
  "get /api/jobs/{id}/photos/{photo}": "image/*",
  "post /api/sms/inbound": "text/xml",
  "get /api/jobs/{id}/visit-notes/{noteId}/photo": "image/*",
  "get /api/public/visits/{token}/notes/{noteId}/photo": "image/*",
  "get /api/public/invoices/{token}/pdf": "application/pdf",
  "get /api/companies/{companyId}/logo": "image/*",
  "get /api/public/invoices/{token}/logo": "image/*",
  "get /api/public/quotes/{token}/logo": "image/*",
};

/** Paths whose first segment is not their resource's name (docs/ has a page per resource). */
export const TAG_ALIASES: Record<string, string> = {
  register: "auth",
  login: "auth",
  logout: "auth",
  user: "auth",
  "password-reset": "auth",
  "admin-setup": "admin",
  "make-admin": "admin",
  "subscription-plans": "billing",
  "billing-config": "billing",
  "create-subscription": "billing",
  "demo-billing": "billing",
  subscription: "billing",
  stripe: "billing",
  sms: "customers",
  "calendar-feed": "calendar",
  exports: "money",
  "time-clock": "timesheets",
  "time-entries": "timesheets",
  users: "team",
  people: "team",
  online: "team",
  invitations: "team",
  "first-run": "team",
  "booking-settings": "booking",
  "booking-requests": "booking",
  health: "service",
  openapi: "service",
};

/** The notes' keys that name none of `operations` (`method {path}`): each is a stale note. */
export function notesNamingNoRoute(operations: Set<string>): string[] {
  const keys = [
    ...Object.keys(ROUTES_WITHOUT_ROUTE_HELPER).map(openApiPath),
    ...Object.keys(BODIES_READ_BY_THE_HANDLER),
    ...RATE_LIMITED,
    ...Object.keys(MEDIA_TYPES),
  ];
  return keys.filter((key) => !operations.has(key));
}
