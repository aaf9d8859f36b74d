/**
 * The relational model of SPEC section 3. Every company-scoped table carries
 * company_id and an index that starts with it, so every list is one index range.
 * SPEC's text flags (isUsed, isActive, isArchived) are real booleans here; the API
 * presents them as booleans (docs/decisions.md).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
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
  },
  (t) => [
    uniqueIndex("company_user_company_user_idx").on(t.companyId, t.userId),
    index("company_user_user_idx").on(t.userId),
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
    amount: numeric("amount", { precision: 12, scale: 2 }),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    callRecordId: uuid("call_record_id").references(() => callRecords.id, { onDelete: "set null" }),
    /** Which photos exist, so lists can carry URLs without touching the photo table. */
    hasBeforePhoto: boolean("has_before_photo").notNull().default(false),
    hasAfterPhoto: boolean("has_after_photo").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_company_date_idx").on(t.companyId, t.date),
    index("jobs_employee_idx").on(t.employeeId),
    index("jobs_call_record_idx").on(t.callRecordId),
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
    employeeId: uuid("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    /** Monotonic order within the table: the poll cursor compares (created_at, seq). */
    seq: integer("seq").generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_message_company_seq_idx").on(t.companyId, t.seq)],
);

/** What the bell lists: recent events that matter to a company's members. */
export const activityEvents = pgTable(
  "activity_event",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    detail: text("detail"),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("activity_event_company_created_idx").on(t.companyId, t.createdAt)],
);

export const notificationReads = pgTable(
  "notification_read",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
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

/** SPEC's session table, in connect-pg-simple's layout. */
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").notNull(),
    expire: timestamp("expire", { precision: 6 }).notNull(),
  },
  (t) => [index("IDX_session_expire").on(t.expire)],
);
