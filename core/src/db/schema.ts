/**
 * The relational model (docs/architecture.md). Every company-scoped table carries
 * company_id and an index that starts with it, so every list is one index range.
 * The first design's text flags (isUsed, isActive, isArchived) are real booleans; the API
 * presents them as booleans (docs/decisions.md).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
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

const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Optimistic concurrency (docs/api.md): every change of an editable row adds 1 to
 * `version` and records who made it, so a save made on an older version is refused
 * with the row as it is now and the name of the person who changed it.
 */
const versioned = () => ({
  version: integer("version").notNull().default(1),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});

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
    sentAt: timestamp("sent_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** Accepting links the new member to this roster employee. */
    employeeId: uuid("employee_id").references(() => employees.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("employee_invitation_company_idx").on(t.companyId, t.createdAt)],
);

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
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    location: text("location").notNull(),
    description: text("description"),
    /** A calendar date and a wall-clock time: no time zone or DST shift can move a job. */
    date: date("date", { mode: "string" }).notNull(),
    time: varchar("time", { length: 5 }).notNull(),
    status: text("status").notNull().default("scheduled"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** When the technician tapped "On my way" (a note for the office, not a status). */
    onMyWayAt: timestamp("on_my_way_at", { withTimezone: true }),
    amount: numeric("amount", { precision: 12, scale: 2 }),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    callRecordId: uuid("call_record_id").references(() => callRecords.id, { onDelete: "set null" }),
    /** Which photos exist, so lists can carry URLs without touching the photo table. */
    hasBeforePhoto: boolean("has_before_photo").notNull().default(false),
    hasAfterPhoto: boolean("has_after_photo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [
    index("jobs_company_date_idx").on(t.companyId, t.date),
    index("jobs_employee_idx").on(t.employeeId),
    index("jobs_call_record_idx").on(t.callRecordId),
    // A completed job has its completion time, and only a completed job has one.
    check(
      "jobs_completed_at_matches_status",
      sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`,
    ),
  ],
);

/** Photo bytes live apart from job rows: no list query ever reads them. */
export const jobPhotos = pgTable(
  "job_photos",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.kind] })],
);

export type TemplateEntry = {
  employeeId: string;
  dayOfWeek: number;
  time: string;
  type: string;
  location: string;
  description: string | null;
  amount: string | null;
};

export const scheduleTemplates = pgTable(
  "schedule_template",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    templateData: jsonb("template_data").$type<TemplateEntry[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [index("schedule_template_company_idx").on(t.companyId, t.createdAt)],
);

/** One row per (template, week) applied: a second apply of the same pair creates nothing. */
export const templateApplications = pgTable(
  "template_application",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    templateId: uuid("template_id")
      .notNull()
      .references(() => scheduleTemplates.id, { onDelete: "cascade" }),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("template_application_template_week_idx").on(t.templateId, t.weekStart)],
);

export const weeklySchedules = pgTable(
  "weekly_schedule",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    weekStartDate: date("week_start_date", { mode: "string" }).notNull(),
    weekEndDate: date("week_end_date", { mode: "string" }).notNull(),
    name: text("name").notNull(),
    isArchived: boolean("is_archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...versioned(),
  },
  (t) => [
    uniqueIndex("weekly_schedule_company_week_idx").on(t.companyId, t.weekStartDate),
    index("weekly_schedule_open_end_idx").on(t.weekEndDate).where(sql`${t.isArchived} = false`),
  ],
);

export const dailyCalls = pgTable(
  "daily_call",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    callCount: integer("call_count").notNull().default(0),
    notes: text("notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("daily_call_company_date_idx").on(t.companyId, t.date)],
);

export const chatMessages = pgTable(
  "chat_message",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The roster employee who wrote it; null for a member not linked to the roster. */
    employeeId: uuid("employee_id").references(() => employees.id, { onDelete: "cascade" }),
    /** The member who sent it (the server decides; older messages have none). */
    senderUserId: uuid("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    /** Monotonic order within the table: the poll cursor compares (created_at, seq). */
    seq: integer("seq").generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_message_company_seq_idx").on(t.companyId, t.seq)],
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

/**
 * The bell: one row per recipient (docs/realtime.md). Each person is told what concerns
 * them, never about their own change.
 */
export const notifications = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    recipientUserId: uuid("recipient_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("notification_recipient_idx").on(t.recipientUserId, t.companyId, t.createdAt)],
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
  updatedAt: updatedAt(),
});
