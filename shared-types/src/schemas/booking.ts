/**
 * Online booking (docs/booking.md): the office's booking settings, the public page's
 * questions and answers, and the requests the office approves or declines.
 */
import { z } from "zod";
import { JOB_TYPES } from "../constants";
import { ZCustomerMessages } from "../customer-messages";
import { calendarDate, ZCompanyId, ZRowId, ZTime } from "./common";
import { ZJob, ZJobType } from "./jobs";
import { ZPlace } from "./places";
import { ZDurationMinutes } from "./settings";
import { ZSkillList } from "./skills";
import { ZVersion } from "./versions";

export const BOOKING_MESSAGES = {
  slug: "Slug must be 3 to 40 lowercase letters, digits or hyphens",
  slugTaken: "That slug is taken: choose another",
  services: "Services must be a list of job types",
  serviceTwice: "Each job type can be offered once",
  priceFrom: "Price from must be a whole number of cents, 0 or more",
  windows: "Windows must be 1 to 12 arrival windows",
  windowOrder: "A window must end after it starts",
  leadHours: "Lead time must be 0 to 336 whole hours",
  horizonDays: "Horizon must be 1 to 90 whole days",
  dailyCap: "Daily cap must be 1 to 500 bookings",
  cutoffHours: "Cutoff must be 0 to 168 whole hours",
  reminderHour: "Reminder hour must be a whole hour from 0 to 23",
  reviewUrl: "Review link must be a web address starting with https:// or http://",
  phone: "Phone must be a whole number, with its area code",
  enableWithoutSlug: "Choose a slug before turning online booking on",
  enableWithoutServices: "Offer at least one service before turning online booking on",
  notAvailable: "Online booking is not available",
  service: "Choose one of the services offered",
  address: "Address is required",
  addressTooLong: "Address must be 200 characters or less",
  days: "Days must be a whole number from 1 to 31",
  start: "Start must be the start of an offered window",
  name: "Name is required",
  nameTooLong: "Name must be 100 characters or less",
  email: "Invalid email address",
  contact: "Give a phone number or an e-mail address",
  note: "Note must be 1000 characters or less",
  refused: "Your booking could not be taken",
  tooMany: "You already have 3 open bookings: call us to book more",
  windowTaken: "That window was just taken: pick another",
  requestNotFound: "Booking request not found",
  notPending: "This request was already answered",
  declineMessage: "Message must be 1000 characters or less",
} as const;

/** A new company's arrival windows: two in the morning, two in the afternoon. */
export const DEFAULT_BOOKING_WINDOWS: readonly { start: string; end: string }[] = [
  { start: "08:00", end: "10:00" },
  { start: "10:00", end: "12:00" },
  { start: "13:00", end: "15:00" },
  { start: "15:00", end: "17:00" },
];

const SLUG_PATTERN = /^[a-z0-9-]{3,40}$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const wholeIn = (min: number, max: number, message: string) =>
  z.number({ message }).int({ message }).min(min, { message }).max(max, { message });

export const ZBookingSlug = z.string({ message: BOOKING_MESSAGES.slug }).regex(SLUG_PATTERN, {
  message: BOOKING_MESSAGES.slug,
});

/** One service offered online: a job type, its length, the skills it needs, a price from (cents). */
export const ZBookingService = z.object({
  jobType: ZJobType,
  durationMinutes: ZDurationMinutes,
  requiredSkills: ZSkillList.default([]),
  priceFrom: wholeIn(0, 100_000_000, BOOKING_MESSAGES.priceFrom).optional(),
});
export type BookingService = z.infer<typeof ZBookingService>;

export const ZBookingWindow = z
  .object(
    {
      start: z
        .string({ message: "Window start must be HH:mm" })
        .regex(HHMM, { message: "Window start must be HH:mm" }),
      end: z
        .string({ message: "Window end must be HH:mm" })
        .regex(HHMM, { message: "Window end must be HH:mm" }),
    },
    { message: BOOKING_MESSAGES.windows },
  )
  .refine((window) => window.start < window.end, { message: BOOKING_MESSAGES.windowOrder, path: ["end"] });
export type BookingWindow = z.infer<typeof ZBookingWindow>;

/** The message texts: each null for the default, else checked for unknown placeholders. */
export const ZBookingMessages = ZCustomerMessages;

/** GET /api/companies/:companyId/booking-settings (core/src/presenters/booking.ts). */
export const ZBookingSettings = z
  .object({
    enabled: z.boolean().describe("Off: the public page answers 404"),
    slug: z.string().nullable().describe("The page's address /book/<slug>; null until chosen"),
    url: z.string().nullable().describe("The page's absolute URL; null without a slug"),
    phone: z.string().nullable().describe("The number customers call, E.164; the public pages show it"),
    services: z.array(
      z.object({
        jobType: ZJobType,
        durationMinutes: z.int(),
        requiredSkills: z.array(z.string()),
        priceFrom: z.int().optional().describe("Cents"),
      }),
    ),
    windows: z.array(z.object({ start: ZTime, end: ZTime })),
    leadHours: z.int(),
    horizonDays: z.int(),
    dailyCap: z.int().describe("Online bookings a day, over all technicians"),
    approveFirst: z.boolean().describe("True: each booking waits for the office's approval"),
    cutoffHours: z.int().describe("Hours before the visit after which the customer cannot change it"),
    reminderHour: z.int().describe("The hour of the day-before reminder: the company's reminderTime"),
    reviewUrl: z.string().nullable(),
    messages: z.object({
      confirmation: z.string().nullable(),
      reminder: z.string().nullable(),
      onTheWay: z.string().nullable(),
      done: z.string().nullable(),
      declined: z.string().nullable(),
    }),
    version: z.int(),
  })
  .meta({ id: "BookingSettings" });
export type BookingSettingsDTO = z.infer<typeof ZBookingSettings>;

/** PUT /api/companies/:companyId/booking-settings: any of the fields; `version` the one last read. */
export const ZBookingSettingsUpdate = z.object({
  companyId: ZCompanyId.optional(),
  enabled: z.boolean({ message: "Enabled must be true or false" }).optional(),
  slug: ZBookingSlug.nullable().optional(),
  phone: z.string({ message: BOOKING_MESSAGES.phone }).max(40, BOOKING_MESSAGES.phone).nullable().optional(),
  services: z
    .array(ZBookingService, { message: BOOKING_MESSAGES.services })
    .max(JOB_TYPES.length, { message: BOOKING_MESSAGES.services })
    .refine((list) => new Set(list.map((service) => service.jobType)).size === list.length, {
      message: BOOKING_MESSAGES.serviceTwice,
    })
    .optional(),
  windows: z
    .array(ZBookingWindow, { message: BOOKING_MESSAGES.windows })
    .min(1, { message: BOOKING_MESSAGES.windows })
    .max(12, { message: BOOKING_MESSAGES.windows })
    .optional(),
  leadHours: wholeIn(0, 336, BOOKING_MESSAGES.leadHours).optional(),
  horizonDays: wholeIn(1, 90, BOOKING_MESSAGES.horizonDays).optional(),
  dailyCap: wholeIn(1, 500, BOOKING_MESSAGES.dailyCap).optional(),
  approveFirst: z.boolean({ message: "Approve first must be true or false" }).optional(),
  cutoffHours: wholeIn(0, 168, BOOKING_MESSAGES.cutoffHours).optional(),
  reminderHour: wholeIn(0, 23, BOOKING_MESSAGES.reminderHour).optional(),
  reviewUrl: z
    .string({ message: BOOKING_MESSAGES.reviewUrl })
    .max(500, BOOKING_MESSAGES.reviewUrl)
    .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, { message: BOOKING_MESSAGES.reviewUrl })
    .nullable()
    .optional(),
  messages: ZBookingMessages.partial().optional(),
  version: ZVersion.optional(),
});
export type TBookingSettingsUpdate = z.infer<typeof ZBookingSettingsUpdate>;

export const ZSlugParams = z.object({ slug: z.string() });

/** GET /api/public/companies/:slug/booking: what a customer sees before booking. */
export const ZPublicBooking = z
  .object({
    name: z.string().describe("The company's name"),
    phone: z.string().nullable(),
    services: z.array(
      z.object({
        jobType: ZJobType,
        durationMinutes: z.int(),
        priceFrom: z.int().nullable().describe("Cents; null: no price shown"),
      }),
    ),
    windows: z.array(z.object({ start: ZTime, end: ZTime })),
    horizonDays: z.int(),
    cutoffHours: z.int(),
  })
  .meta({ id: "PublicBooking" });
export type PublicBookingDTO = z.infer<typeof ZPublicBooking>;

const ZServiceName = z
  .string({ message: BOOKING_MESSAGES.service })
  .refine((value) => (JOB_TYPES as readonly string[]).includes(value), { message: BOOKING_MESSAGES.service });
const ZAddress = z
  .string({ message: BOOKING_MESSAGES.address })
  .trim()
  .min(1, { message: BOOKING_MESSAGES.address })
  .max(200, { message: BOOKING_MESSAGES.addressTooLong });

/** GET /api/public/companies/:slug/windows?service=&address=&from=&days= */
export const ZWindowsQuery = z.object({
  service: ZServiceName,
  address: ZAddress,
  from: calendarDate("From").optional(),
  days: z.coerce
    .number({ message: BOOKING_MESSAGES.days })
    .int({ message: BOOKING_MESSAGES.days })
    .min(1, { message: BOOKING_MESSAGES.days })
    .max(31, { message: BOOKING_MESSAGES.days })
    .optional(),
});
export type TWindowsQuery = z.infer<typeof ZWindowsQuery>;

export const ZOfferedWindow = z.object({ date: z.iso.date(), start: ZTime, end: ZTime });
export type OfferedWindowDTO = z.infer<typeof ZOfferedWindow>;
export const ZOfferedWindows = z.array(ZOfferedWindow).meta({ id: "OfferedWindows" });

/** POST /api/public/companies/:slug/bookings. `website` is a field people never see: filled, the booking is refused. */
export const ZBookingCreate = z
  .object({
    service: ZServiceName,
    address: ZAddress,
    date: calendarDate("Date"),
    start: z.string({ message: BOOKING_MESSAGES.start }).regex(HHMM, { message: BOOKING_MESSAGES.start }),
    name: z
      .string({ message: BOOKING_MESSAGES.name })
      .trim()
      .min(1, { message: BOOKING_MESSAGES.name })
      .max(100, { message: BOOKING_MESSAGES.nameTooLong }),
    phone: z
      .string({ message: BOOKING_MESSAGES.phone })
      .trim()
      .max(40, { message: BOOKING_MESSAGES.phone })
      .nullish()
      .transform((value) => value || null),
    email: z
      .union([
        z.email({ message: BOOKING_MESSAGES.email }).max(200, { message: BOOKING_MESSAGES.email }),
        z.literal(""),
      ])
      .nullish()
      .transform((value) => value || null),
    note: z
      .string({ message: BOOKING_MESSAGES.note })
      .trim()
      .max(1000, { message: BOOKING_MESSAGES.note })
      .nullish()
      .transform((value) => value || null),
    /** The honeypot: any value but "" is refused, without a word of why (so no rule of its own here). */
    website: z.unknown().optional(),
  })
  .refine((booking) => booking.phone !== null || booking.email !== null, {
    message: BOOKING_MESSAGES.contact,
    path: ["phone"],
  });
export type TBookingCreate = z.infer<typeof ZBookingCreate>;

export const BOOKING_STATUSES = ["requested", "booked", "declined", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const ZBookingCreated = z
  .object({
    visitUrl: z.string().describe("The customer's visit page"),
    status: z.enum(["booked", "requested"]),
  })
  .meta({ id: "BookingCreated" });
export type BookingCreatedDTO = z.infer<typeof ZBookingCreated>;

/** A booking as the office reads it (core/src/presenters/booking.ts). */
export const ZBookingRequest = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    jobId: ZRowId.nullable(),
    customerId: ZRowId.nullable(),
    service: z.string(),
    durationMinutes: z.int(),
    address: z.string(),
    place: ZPlace.nullable(),
    date: z.iso.date(),
    window: z.object({ start: ZTime, end: ZTime }),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    note: z.string().nullable(),
    status: z.enum(BOOKING_STATUSES),
    suggestion: z
      .object({ employeeId: ZRowId, time: ZTime })
      .nullable()
      .describe("Who fitted best when it was made, and when; null: nobody then"),
    declineMessage: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
    version: z.int(),
  })
  .meta({ id: "BookingRequest" });
export type BookingRequestDTO = z.infer<typeof ZBookingRequest>;
export const ZBookingRequests = z.array(ZBookingRequest);

export const ZBookingRequestsQuery = z.object({ companyId: ZCompanyId.optional() });

export const ZBookingApprove = z.object({
  employeeId: z.uuid({ message: "Employee is required" }).toLowerCase(),
  date: calendarDate("Date"),
  time: ZTime,
  version: ZVersion,
});
export type TBookingApprove = z.infer<typeof ZBookingApprove>;

export const ZBookingDecline = z.object({
  message: z
    .string({ message: BOOKING_MESSAGES.declineMessage })
    .trim()
    .max(1000, { message: BOOKING_MESSAGES.declineMessage })
    .nullish()
    .transform((value) => value || null),
  version: ZVersion,
});
export type TBookingDecline = z.infer<typeof ZBookingDecline>;

/** The approve and decline answers: the request as it now is, and its job as saved (warnings as usual). */
export const ZBookingAnswered = z
  .object({ request: ZBookingRequest, job: ZJob.nullable() })
  .meta({ id: "BookingAnswered" });
export type BookingAnsweredDTO = z.infer<typeof ZBookingAnswered>;
