/** People, companies, membership, sign-in and billing records, and company settings. The model as a whole: docs/architecture.md. */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { employees } from "./work";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    password: text("password").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    profileImageUrl: text("profile_image_url"),
    isSystemAdmin: boolean("is_system_admin").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Unique case-insensitively: Ann@x.com and ann@x.com are one account.
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    subscriptionStatus: text("subscription_status").notNull().default("trial"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    planType: text("plan_type").notNull().default("basic"),
    createdAt: createdAt(),
    isFreeAccount: boolean("is_free_account").notNull().default(false),
    freeAccessGrantedBy: uuid("free_access_granted_by").references(() => users.id),
    freeAccessGrantedAt: timestamp("free_access_granted_at", { withTimezone: true }),
    freeAccessNotes: text("free_access_notes"),
    trialReminderSentAt: timestamp("trial_reminder_sent_at", { withTimezone: true }),
    trialEndedSentAt: timestamp("trial_ended_sent_at", { withTimezone: true }),
  },
  (t) => [index("companies_owner_idx").on(t.ownerId), index("companies_trial_ends_idx").on(t.trialEndsAt)],
);

export const companyUsers = pgTable(
  "company_user",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: text("role").notNull().default("employee"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** The roster employee this member is (docs/team-and-invitations.md): My Day, chat, the bell. */
    employeeId: uuid("employee_id").references(() => employees.id, { onDelete: "set null" }),
    /** SHA-256 of the member's calendar feed token; a new token replaces it (the old URL then 404s). */
    calendarTokenHash: text("calendar_token_hash"),
  },
  (t) => [
    uniqueIndex("company_user_company_user_idx").on(t.companyId, t.userId),
    index("company_user_user_idx").on(t.userId),
    // A roster employee is at most one member.
    uniqueIndex("company_user_employee_idx").on(t.employeeId).where(sql`${t.employeeId} is not null`),
    uniqueIndex("company_user_calendar_token_idx")
      .on(t.calendarTokenHash)
      .where(sql`${t.calendarTokenHash} is not null`),
  ],
);

export const employeeInvitations = pgTable(
  "employee_invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull().default("employee"),
    invitedBy: uuid("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token: the token itself only ever exists in the e-mail. */
    token: text("token").notNull().unique(),
    isUsed: boolean("is_used").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * When the worker last began to send the e-mail, recorded before it is handed to the
     * SMTP server: set with sentAt still null, an earlier try may have reached the server.
     */
    sendAttemptedAt: timestamp("send_attempted_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** Accepting links the new member to this roster employee. */
    employeeId: uuid("employee_id").references(() => employees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("employee_invitation_company_idx").on(t.companyId, t.createdAt)],
);

/** Server-side login sessions, in connect-pg-simple's layout (docs/auth.md). */
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").notNull(),
    expire: timestamp("expire", { precision: 6 }).notNull(),
  },
  (t) => [index("IDX_session_expire").on(t.expire)],
);

/**
 * Idempotency keys of creates (docs/api.md): the first request with a key stores its
 * answer; a repeat with the same key and body within 24 hours gets that answer again and
 * creates nothing. `statusCode` is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  "idempotency_key",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** Method and path plus a hash of the body: the same key for another request is refused. */
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_key_created_idx").on(t.createdAt)],
);

/** Stripe delivers at least once: each event id is handled once. */
export const stripeEvents = pgTable("stripe_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who granted or revoked free access, when, and why. */
export const freeAccessEvents = pgTable(
  "free_access_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    adminUserId: uuid("admin_user_id")
      .notNull()
      .references(() => users.id),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [index("free_access_event_company_idx").on(t.companyId, t.createdAt)],
);

/** One row of settings per company, edited by the owner (docs/api.md: company settings). */
export const companySettings = pgTable("company_settings", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** IANA time zone, e.g. "America/Chicago": calendar feeds and e-mails speak it. */
  timeZone: text("time_zone").notNull().default("UTC"),
  /** ISO 3166 country code, for phone numbers. */
  country: varchar("country", { length: 2 }).notNull().default("US"),
  /** ISO weekdays the company works (1 = Monday … 7 = Sunday), for conflict warnings. */
  workingDays: integer("working_days").array().notNull().default(sql`'{1,2,3,4,5,6}'::integer[]`),
  workdayStart: varchar("workday_start", { length: 5 }).notNull().default("07:00"),
  workdayEnd: varchar("workday_end", { length: 5 }).notNull().default("19:00"),
  /** A job's default length in minutes per job type; a type not listed takes 60. */
  jobTypeDurations: jsonb("job_type_durations").$type<Record<string, number>>().notNull().default({}),
  /** Booking e-mails to customers (docs/customers.md); off until the owner turns them on. */
  customerNotices: boolean("customer_notices").notNull().default(false),
  /** When the day-before reminder goes out, in the company's time zone. */
  reminderTime: varchar("reminder_time", { length: 5 }).notNull().default("17:00"),
  /** Minutes a job must stay still before its change notice goes out: one e-mail per settled change. */
  noticeSettleMinutes: integer("notice_settle_minutes").notNull().default(10),
  /** Minutes a week after which time worked is overtime (docs/timesheets.md); 2,400 = 40 h. */
  overtimeWeeklyMinutes: integer("overtime_weekly_minutes").notNull().default(2400),
  /** Minutes a day after which time worked is overtime; null: only the weekly limit. */
  overtimeDailyMinutes: integer("overtime_daily_minutes"),
  /** Minutes worked in a day over which the office's Timesheets flag the day `long_day`; 840 = 14 h. */
  longDayMinutes: integer("long_day_minutes").notNull().default(840),
  /** "12h" or "24h" for every time the company reads; null: its country's habit (clock-format.ts). */
  timeFormat: varchar("time_format", { length: 3 }).$type<"12h" | "24h">(),
  /** The company's skills ("gas", "backflow tester"): employees hold them, jobs need them (docs/schedule.md). */
  skills: text("skills").array().notNull().default(sql`'{}'::text[]`),
  /** Skills a job of each type needs by default, as the job dialog fills them in. */
  jobTypeSkills: jsonb("job_type_skills").$type<Record<string, string[]>>().notNull().default({}),
  /** Drive time's estimate (docs/places.md): road factor, average speed, minutes to park; null: the defaults. */
  drive: jsonb("drive").$type<{ roadFactor: number; averageSpeedKmh: number; parkMinutes: number }>(),
  /** The owners' Monday e-mail of last week's numbers (docs/numbers.md); off until an owner turns it on. */
  weeklyNumbersEmail: boolean("weekly_numbers_email").notNull().default(false),
  updatedAt: updatedAt(),
});
