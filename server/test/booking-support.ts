/**
 * Online booking's test helpers (docs/booking.md): a company's page turned on, a request
 * waiting for approval, the dates a booking can take, and the role matrix's and property
 * suite's entries for the booking routes.
 */
import { randomInt, randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { bookingSettings, bookings } from "@sched/core/db/schema";
import { buildUnscheduledJob } from "@sched/core/test/factories";
import { addDays, dateIn } from "@sched/shared-types";
import type { Target } from "./property-input-targets";
import { type Entry, MONDAY, office, officeById } from "./role-matrix-support";

/** The booking page's settings for a test: on, one service (Repair, 60 min), the default windows. */
export async function openBookingPage(
  companyId: string,
  overrides: Partial<typeof bookingSettings.$inferInsert> = {},
): Promise<string> {
  const slug = overrides.slug ?? `co-${randomUUID().slice(0, 12)}`;
  const values = {
    enabled: true,
    slug,
    services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: [] as string[], priceFrom: 9500 }],
    phone: "+15550100100",
    ...overrides,
  };
  await db
    .insert(bookingSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: bookingSettings.companyId, set: values });
  return slug;
}

/** The first weekday (Monday to Friday) at least `fromToday` days after today (UTC, the tests' zone). */
export function weekdayAfter(fromToday: number): string {
  let date = addDays(dateIn(new Date(), "UTC"), fromToday);
  while ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
  return date;
}

/** Each booking its own network (X-Forwarded-For), so one test's counts never reach another's. */
export const freshIp = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

/** A request waiting for approval, with its job in the Unscheduled tray. */
export async function buildBookingRequest(
  companyId: string,
  overrides: Partial<typeof bookings.$inferInsert> = {},
) {
  const job = await buildUnscheduledJob(companyId, { source: "online", location: "12 Elm St" });
  const [row] = await db
    .insert(bookings)
    .values({
      companyId,
      jobId: job.id,
      service: "Repair",
      durationMinutes: 60,
      address: "12 Elm St",
      requestedDate: MONDAY,
      windowStart: "08:00",
      windowEnd: "10:00",
      name: "Rita Request",
      phone: "+15550100200",
      status: "requested",
      ...overrides,
    })
    .returning();
  return { job, request: row };
}

const bookingBody = () => ({
  service: "Repair",
  address: "10001",
  date: weekdayAfter(3),
  start: "10:00",
  name: "Bo Booker",
  phone: "+1 555 010 0300",
  email: "",
  note: "Gate code 12",
  website: "",
});

/** The role matrix's entries: the office's settings and requests; the public calls answer everyone alike. */
export const BOOKING_ROUTES: Entry[] = [
  {
    route: "GET /api/companies/:companyId/booking-settings",
    path: (c) => `/api/companies/${c.companyId}/booking-settings`,
    expected: { owner: 200, admin: 200, employee: 403, nonMember: 403 },
  },
  {
    route: "PUT /api/companies/:companyId/booking-settings",
    path: (c) => `/api/companies/${c.companyId}/booking-settings`,
    body: (c) => ({ companyId: c.companyId, leadHours: 24 }),
    expected: office,
  },
  {
    route: "GET /api/booking-requests",
    path: (c) => `/api/booking-requests?companyId=${c.companyId}`,
    expected: { owner: 200, admin: 200, employee: 403, nonMember: 403 },
  },
  {
    route: "POST /api/booking-requests/:id/approve",
    path: async (c) => `/api/booking-requests/${(await buildBookingRequest(c.companyId)).request.id}/approve`,
    body: (c) => ({ employeeId: c.employeeId, date: MONDAY, time: "09:00", version: 1 }),
    expected: officeById,
  },
  {
    route: "POST /api/booking-requests/:id/decline",
    path: async (c) => `/api/booking-requests/${(await buildBookingRequest(c.companyId)).request.id}/decline`,
    body: () => ({ message: "Fully booked that week", version: 1 }),
    expected: officeById,
  },
  {
    route: "GET /api/public/companies/:slug/booking",
    path: async (c) => `/api/public/companies/${await openBookingPage(c.companyId)}/booking`,
    expected: { owner: 200, admin: 200, employee: 200, nonMember: 200 },
  },
  {
    route: "GET /api/public/companies/:slug/windows",
    path: async (c) =>
      `/api/public/companies/${await openBookingPage(c.companyId)}/windows?service=Repair&address=10001`,
    expected: { owner: 200, admin: 200, employee: 200, nonMember: 200 },
  },
  {
    route: "POST /api/public/companies/:slug/bookings",
    path: async (c) => `/api/public/companies/${await openBookingPage(c.companyId)}/bookings`,
    body: () => bookingBody(),
    expected: { owner: "allowed", admin: "allowed", employee: "allowed", nonMember: "allowed" },
  },
];

/** Bad input never answers 500. */
export const BOOKING_TARGETS: Target[] = [
  {
    name: "PUT /api/companies/:companyId/booking-settings",
    method: "put",
    path: (ctx) => `/api/companies/${ctx.companyId}/booking-settings`,
    body: {
      valid: () => ({
        slug: `prop-${randomUUID().slice(0, 8)}`,
        services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: [], priceFrom: 100 }],
        windows: [{ start: "08:00", end: "10:00" }],
        leadHours: 24,
        horizonDays: 14,
        dailyCap: 8,
        approveFirst: false,
        cutoffHours: 24,
        reminderHour: 17,
        reviewUrl: "https://example.com/review",
        phone: "+15550100100",
        messages: { confirmation: "See you {date}" },
      }),
      shape: {
        keys: [
          "slug",
          "services",
          "windows",
          "leadHours",
          "dailyCap",
          "reminderHour",
          "reviewUrl",
          "phone",
          "messages",
        ],
        textKeys: ["reviewUrl"],
      },
    },
  },
  {
    name: "GET /api/booking-requests",
    method: "get",
    path: () => "/api/booking-requests",
    query: { valid: (ctx) => [["companyId", ctx.companyId]] },
  },
  {
    name: "POST /api/booking-requests/:id/approve",
    method: "post",
    path: async (ctx) =>
      `/api/booking-requests/${(await buildBookingRequest(ctx.companyId)).request.id}/approve`,
    body: {
      valid: (ctx) => ({ employeeId: ctx.employeeId, date: MONDAY, time: "09:00", version: 1 }),
      shape: { keys: ["employeeId", "date", "time", "version"], dateKeys: ["date"] },
    },
  },
  {
    name: "POST /api/booking-requests/:id/decline",
    method: "post",
    path: async (ctx) =>
      `/api/booking-requests/${(await buildBookingRequest(ctx.companyId)).request.id}/decline`,
    body: { valid: () => ({ message: "Sorry", version: 1 }), shape: { keys: ["message", "version"] } },
  },
  {
    name: "GET /api/public/companies/:slug/windows",
    method: "get",
    path: async (ctx) => `/api/public/companies/${await openBookingPage(ctx.companyId)}/windows`,
    signedOut: true,
    query: {
      valid: () => [
        ["service", "Repair"],
        ["address", "10001"],
        ["from", weekdayAfter(2)],
        ["days", "3"],
      ],
      dateKeys: ["from"],
    },
  },
  {
    name: "POST /api/public/companies/:slug/bookings",
    method: "post",
    path: async (ctx) => `/api/public/companies/${await openBookingPage(ctx.companyId)}/bookings`,
    signedOut: true,
    body: {
      valid: () => bookingBody(),
      shape: {
        keys: ["service", "address", "date", "start", "name", "phone", "email", "note", "website"],
        dateKeys: ["date"],
        textKeys: ["name", "note", "address"],
      },
    },
  },
];

export const BOOKING_PATH_ONLY_ROUTES = [
  "GET /api/companies/:companyId/booking-settings",
  "GET /api/public/companies/:slug/booking",
];
