/** The roster, the call log and the jobs (their photos: job-photos.ts). The model as a whole: docs/architecture.md. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { createdAt, placed, placeTogether, updatedAt, versioned } from "./columns";
import { quotes } from "./quotes";

/** One window of an employee's week: `day` 0 = Sunday … 6 = Saturday, "HH:mm" times. */
export type AvailabilityWindow = { day: number; start: string; end: string };

export const employees = pgTable(
  "employees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    initials: varchar("initials", { length: 3 }).notNull(),
    avatarColor: text("avatar_color").notNull().default("blue"),
    isActive: boolean("is_active").notNull().default(true),
    /** The weekly pattern (docs/time-off.md); empty: the company's working days and hours. */
    availability: jsonb("availability").$type<AvailabilityWindow[]>().notNull().default([]),
    /** The company skills they hold (docs/schedule.md, "Skills"), as the company spells them. */
    skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
    /** How the office reaches them (docs/employees.md); null when not given. */
    phone: text("phone"),
    email: text("email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [index("employees_company_idx").on(t.companyId, t.name)],
);

export const callRecords = pgTable(
  "call_record",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email"),
    customerAddress: text("customer_address"),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    serviceType: text("service_type").notNull().default("service"),
    notes: text("notes"),
    callDate: date("call_date", { mode: "string" }).notNull(),
    callTime: varchar("call_time", { length: 5 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [index("call_record_company_date_idx").on(t.companyId, t.callDate, t.callTime)],
);

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Null, with date and time, while the job is unscheduled (docs/schedule.md). */
    employeeId: uuid("employee_id").references(() => employees.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    location: text("location").notNull(),
    description: text("description"),
    /** A calendar date and a wall-clock time: no time zone or DST shift can move a job. */
    date: date("date", { mode: "string" }),
    time: varchar("time", { length: 5 }),
    /** How long the visit takes: 15-minute steps from 15 minutes to 12 hours. */
    durationMinutes: integer("duration_minutes").notNull().default(60),
    status: text("status").notNull().default("scheduled"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    /** low, normal, high or urgent (shared-types/src/job-fields.ts). */
    priority: text("priority").notNull().default("normal"),
    /** The company skills the job needs (docs/schedule.md, "Skills"): the `skills` warning reads them. */
    requiredSkills: text("required_skills").array().notNull().default(sql`'{}'::text[]`),
    /** The window promised to the customer, {start, end} "HH:mm" (docs/schedule.md, "Optimize a day"). */
    arrivalWindow: jsonb("arrival_window").$type<{ start: string; end: string } | null>(),
    /** Any time that day: the optimizer may move it within the hours, or to another technician. */
    flexible: boolean("flexible").notNull().default(false),
    /** How the job came in: `office` (made on the board) or `online` (the booking page, docs/booking.md). */
    source: text("source").$type<"office" | "online">().notNull().default("office"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * The first Start its technician tapped (job_taps, record-job-taps.ts), kept on the job so
     * the owner's on-time figure reads one range of jobs instead of a lookup per job.
     */
    tappedStartAt: timestamp("tapped_start_at", { withTimezone: true }),
    /** When the technician tapped "On my way" (a note for the office, not a status). */
    onMyWayAt: timestamp("on_my_way_at", { withTimezone: true }),
    /** When the technician should arrive, estimated at On my way (docs/visits.md); cleared when the status moves on. */
    arrivalEstimateAt: timestamp("arrival_estimate_at", { withTimezone: true }),
    amount: numeric("amount", { precision: 12, scale: 2 }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    callRecordId: uuid("call_record_id").references(() => callRecords.id, { onDelete: "set null" }),
    /** The quote whose approved option made this job (docs/quotes.md). */
    quoteId: uuid("quote_id").references((): AnyPgColumn => quotes.id, { onDelete: "set null" }),
    /** The recurring series this job is an occurrence of (docs/schedule.md). */
    seriesId: uuid("series_id").references(() => jobSeries.id, { onDelete: "set null" }),
    /** The date the series' rule gave this occurrence, whatever date it was moved to since. */
    occurrenceDate: date("occurrence_date", { mode: "string" }),
    /** True once this occurrence was changed on its own ("this" scope). */
    isDetached: boolean("is_detached").notNull().default(false),
    /** Which photos exist, so lists can carry URLs without touching the photo table. */
    hasBeforePhoto: boolean("has_before_photo").notNull().default(false),
    hasAfterPhoto: boolean("has_after_photo").notNull().default(false),
    /** Where the job is (docs/places.md): from its location, its customer's, or a pin. */
    ...placed(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [
    index("jobs_company_date_idx").on(t.companyId, t.date),
    index("jobs_employee_idx").on(t.employeeId),
    index("jobs_call_record_idx").on(t.callRecordId),
    index("jobs_customer_idx").on(t.customerId, t.date),
    uniqueIndex("jobs_series_occurrence_idx").on(t.seriesId, t.occurrenceDate),
    // The Unscheduled tray lists a company's jobs without a date, oldest first.
    index("jobs_unscheduled_idx").on(t.companyId, t.createdAt).where(sql`${t.date} is null`),
    // A quote's jobs (docs/quotes.md); also what a quote's delete sets null.
    index("jobs_quote_idx").on(t.quoteId).where(sql`${t.quoteId} is not null`),
    // A job is either scheduled (employee, date and time) or unscheduled (none of them).
    check(
      "jobs_scheduled_together",
      sql`(${t.employeeId} is null and ${t.date} is null and ${t.time} is null) or (${t.employeeId} is not null and ${t.date} is not null and ${t.time} is not null)`,
    ),
    // A completed job has its completion time, and only a completed job has one.
    check(
      "jobs_completed_at_matches_status",
      sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`,
    ),
    check(
      "jobs_duration_steps",
      sql`${t.durationMinutes} between 15 and 720 and ${t.durationMinutes} % 15 = 0`,
    ),
    placeTogether("jobs_place_together", t),
  ],
);

/**
 * A recurring job (docs/schedule.md): its occurrences are real job rows,
 * created up to a horizon ahead; `generatedUntil` is the last date already expanded, so
 * extending twice creates nothing and an occurrence deleted on its own never comes back.
 */
export const jobSeries = pgTable(
  "job_series",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    location: text("location").notNull(),
    description: text("description"),
    time: varchar("time", { length: 5 }).notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The customer's contact as the job dialog took it: every occurrence carries it. */
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    priority: text("priority").notNull().default("normal"),
    requiredSkills: text("required_skills").array().notNull().default(sql`'{}'::text[]`),
    arrivalWindow: jsonb("arrival_window").$type<{ start: string; end: string } | null>(),
    flexible: boolean("flexible").notNull().default(false),
    startDate: date("start_date", { mode: "string" }).notNull(),
    /** An RFC 5545 RRULE, without DTSTART (the start date is the column above). */
    rrule: text("rrule").notNull(),
    generatedUntil: date("generated_until", { mode: "string" }),
    /**
     * Days each occurrence lands from its rule date: a "this and following"/"all" date change
     * moves every occurrence by the same number of days, those made later by the sweep too.
     */
    shiftDays: integer("shift_days").notNull().default(0),
    /** Set when the series is ended: no more occurrences are made. */
    endedAt: timestamp("ended_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [index("job_series_company_idx").on(t.companyId), index("job_series_open_idx").on(t.generatedUntil)],
);

/**
 * A company's customer (docs/customers.md). `phoneNormalized` is E.164 in the company's
 * country, so two spellings of one number are one customer; `searchText` is the name,
 * phone, e-mail and address lower-cased without accents, searched through a trigram index.
 */
export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    phone: text("phone"),
    phoneNormalized: text("phone_normalized"),
    email: text("email"),
    address: text("address"),
    notes: text("notes"),
    searchText: text("search_text").notNull().default(""),
    /** Set when the customer followed an e-mail's unsubscribe link: no more notices. */
    noticesOptedOutAt: timestamp("notices_opted_out_at", { withTimezone: true }),
    /** Set when the customer's phone replied STOP (or Twilio refused it as such): no more texts. */
    smsOptedOutAt: timestamp("sms_opted_out_at", { withTimezone: true }),
    /** Where the customer is (docs/places.md): from the address, or a pin. */
    ...placed(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [
    index("customers_company_name_idx").on(t.companyId, t.name),
    uniqueIndex("customers_company_phone_idx")
      .on(t.companyId, t.phoneNormalized)
      .where(sql`${t.phoneNormalized} is not null`),
    index("customers_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    placeTogether("customers_place_together", t),
  ],
);

/**
 * A booking notice e-mailed to a customer (docs/customers.md): one row per job, kind and
 * change, made before the e-mail is queued, so a retry or a restart never sends a second copy.
 */
/** The visit a cancellation speaks of: the slot the customer was told of, and what the job was. */
export type NoticeVisit = {
  date: string;
  time: string;
  type: string;
  location: string;
  durationMinutes: number;
  version: number;
};

export const customerNotices = pgTable(
  "customer_notice",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /**
     * Addressed to an e-mail typed on a job, not to a customer: no customer is made for it, and
     * its unsubscribe link names the address (noticeOptOuts). False with no customerId: the
     * customer was deleted.
     */
    addressOnly: boolean("address_only").notNull().default(false),
    /** confirmation, reminder, on_the_way, done, cancellation, series_confirmation or series_change. */
    kind: text("kind").notNull(),
    /** By e-mail (`recipient` an address) or by text message (`recipient` an E.164 number). */
    channel: text("channel").$type<"email" | "sms">().notNull().default("email"),
    /** What makes this notice once-only, e.g. "confirmation:<job>:<date> <time>". */
    dedupeKey: text("dedupe_key").notNull(),
    recipient: text("recipient").notNull(),
    /** Not before this instant: a change notice waits until the job has been still (the settle time). */
    sendAfter: timestamp("send_after", { withTimezone: true }),
    /** A cancellation's visit as the customer was told of it: the job may be gone when it is sent. */
    visit: jsonb("visit").$type<NoticeVisit>(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Once per channel: the same change is told by e-mail once and by text once.
    uniqueIndex("customer_notice_dedupe_idx").on(t.companyId, t.dedupeKey, t.channel),
    index("customer_notice_unsent_idx").on(t.createdAt).where(sql`${t.sentAt} is null`),
  ],
);

/**
 * Addresses that followed an unsubscribe link of a notice sent to a job's e-mail alone (no
 * customer): the company sends them no more notices. Stored lower case.
 */
export const noticeOptOuts = pgTable(
  "notice_opt_out",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.email] })],
);
