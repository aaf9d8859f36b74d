/**
 * Online booking (docs/booking.md): a company's booking settings and the bookings its
 * public page takes. A booking is the customer's request as they made it; the job it made
 * is the schedule's (source `online`). The model as a whole: docs/architecture.md.
 */
import { DEFAULT_BOOKING_WINDOWS } from "@sched/shared-types";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt, placed, placeTogether, updatedAt, versioned } from "./columns";
import { customers, employees, jobs } from "./work";

/** One service the page offers: a job type with its length, the skills it needs, a price from (minor units). */
export type BookingServiceColumn = {
  jobType: string;
  durationMinutes: number;
  requiredSkills: string[];
  priceFrom?: number;
};

/** The texts of the customer's messages; null: the default text (shared-types/src/customer-messages.ts). */
export type BookingMessagesColumn = {
  confirmation: string | null;
  reminder: string | null;
  onTheWay: string | null;
  done: string | null;
  /** Added after the four: rows saved before it have none (the default text). */
  declined?: string | null;
};

export const bookingSettings = pgTable(
  "booking_settings",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Off until the office turns it on: the public page answers 404 meanwhile. */
    enabled: boolean("enabled").notNull().default(false),
    /** The page's address, /book/<slug>: unique across companies, null until chosen. */
    slug: text("slug"),
    services: jsonb("services").$type<BookingServiceColumn[]>().notNull().default([]),
    windows: jsonb("windows")
      .$type<{ start: string; end: string }[]>()
      .notNull()
      .default([...DEFAULT_BOOKING_WINDOWS]),
    leadHours: integer("lead_hours").notNull().default(24),
    horizonDays: integer("horizon_days").notNull().default(14),
    /** Online bookings a day, over all technicians. */
    dailyCap: integer("daily_cap").notNull().default(8),
    /** True: a booking waits in the Unscheduled tray for the office's approval. */
    approveFirst: boolean("approve_first").notNull().default(false),
    /** Hours before the visit after which the customer can no longer change or cancel it. */
    cutoffHours: integer("cutoff_hours").notNull().default(24),
    /** The number customers call (E.164): the booking and visit pages show it. */
    phone: text("phone"),
    reviewUrl: text("review_url"),
    messages: jsonb("messages")
      .$type<BookingMessagesColumn>()
      .notNull()
      .default({ confirmation: null, reminder: null, onTheWay: null, done: null }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [uniqueIndex("booking_settings_slug_idx").on(t.slug).where(sql`${t.slug} is not null`)],
);

export const bookings = pgTable(
  "booking",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The job type booked, with the length and skills the settings gave it then. */
    service: text("service").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    requiredSkills: text("required_skills").array().notNull().default(sql`'{}'::text[]`),
    address: text("address").notNull(),
    /** Where the address is (docs/places.md), as the windows were computed for it. */
    ...placed(),
    requestedDate: date("requested_date", { mode: "string" }).notNull(),
    windowStart: varchar("window_start", { length: 5 }).notNull(),
    windowEnd: varchar("window_end", { length: 5 }).notNull(),
    name: text("name").notNull(),
    /** E.164 (core/src/lib/phones.ts); null when only an e-mail was given. */
    phone: text("phone"),
    email: text("email"),
    note: text("note"),
    /** requested, booked, declined or cancelled. */
    status: text("status").notNull(),
    /** Who and when fitted best at booking time: a pending request holds this place in the windows. */
    suggestedEmployeeId: uuid("suggested_employee_id").references(() => employees.id, {
      onDelete: "set null",
    }),
    suggestedTime: varchar("suggested_time", { length: 5 }),
    declineMessage: text("decline_message"),
    /** SHA-256 of the network the booking came from (never the address itself): the per-network limit's evidence. */
    networkKey: text("network_key"),
    /** SHA-256 of the Idempotency-Key, and of the request it came with: a repeat answers this booking. */
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [
    // The office's list: pending requests, oldest first.
    index("booking_company_status_idx").on(t.companyId, t.status, t.createdAt),
    // Pending requests holding their place in a day's windows.
    index("booking_company_date_idx").on(t.companyId, t.requestedDate),
    index("booking_company_phone_idx").on(t.companyId, t.phone),
    index("booking_company_email_idx").on(t.companyId, sql`lower(${t.email})`),
    index("booking_job_idx").on(t.jobId),
    uniqueIndex("booking_idempotency_idx")
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check("booking_status", sql`${t.status} in ('requested', 'booked', 'declined', 'cancelled')`),
    check("booking_contact", sql`${t.phone} is not null or ${t.email} is not null`),
    placeTogether("booking_place_together", t),
  ],
);
