/** Business constants in one place: types, statuses, defaults, limits and intervals (docs/<area>.md). */

export const JOB_TYPES = [
  "Plumbing",
  "Installation",
  "Repair",
  "Maintenance",
  "Emergency",
  "Inspection",
  "Follow-up",
] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const JOB_STATUSES = ["scheduled", "in_progress", "completed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job's photos show the work before or after it (docs/my-day.md). */
export const JOB_PHOTO_KINDS = ["before", "after"] as const;
export type JobPhotoKind = (typeof JOB_PHOTO_KINDS)[number];

export const PAYMENT_STATUSES = ["pending", "billed", "paid", "overdue"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const AVATAR_COLORS = ["blue", "green", "purple", "orange", "teal", "red", "indigo", "pink"] as const;
export type AvatarColor = (typeof AVATAR_COLORS)[number];
export const DEFAULT_AVATAR_COLOR: AvatarColor = "blue";
/** A chat author who is not linked to a roster employee: a colour none of the roster has. */
export const MEMBER_AVATAR_COLOR = "gray";
export type AuthorAvatarColor = AvatarColor | typeof MEMBER_AVATAR_COLOR;

export const ROLES = ["owner", "admin", "employee"] as const;
export type Role = (typeof ROLES)[number];
export const INVITABLE_ROLES = ["employee", "admin"] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const SERVICE_TYPES = ["service", "estimate"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const PLAN_TYPES = ["basic", "pro"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const SUBSCRIPTION_STATUSES = [
  "trial",
  "active",
  "canceled",
  "past_due",
  "incomplete",
  "incomplete_expired",
  "unpaid",
  "paused",
] as const;

/**
 * What a bell entry is about (docs/realtime.md). The job kinds before
 * job.completed go to the assigned technician; job.completed, job.photo_added and
 * job.on_my_way go to owners and admins; member.joined to owners and admins;
 * payment.updated to the owner.
 */
export const NOTIFICATION_KINDS = [
  "job.assigned",
  "job.moved",
  "job.changed",
  "job.reassigned_away",
  "job.cancelled",
  "job.deleted",
  "job.completed",
  "job.photo_added",
  "job.on_my_way",
  "member.joined",
  "payment.updated",
  /** Still clocked in an hour after the working day's end (docs/timesheets.md). */
  "timesheet.clock_out_reminder",
  /** To the office: a technician asked for time off (docs/time-off.md). */
  "time_off.requested",
  /** To the requester: the office approved or declined their time off. */
  "time_off.decided",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** How many entries the bell lists. */
export const NOTIFICATIONS_LIMIT = 20;

export const TRIAL_DAYS = 14;
export const INVITATION_TTL_DAYS = 7;
export const INITIALS_MAX = 3;
/** A password reset link works once, for this long (docs/auth.md). */
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_LATEST_LIMIT = 200;
export const CALL_NOTES_MAX = 2000;
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const SUCCESS_REDIRECT_MS = 5000;
export const CHAT_POLL_MS = 3000;
export const ADMIN_REFETCH_MS = 30_000;
export const STALE_TIME_MS = 5 * 60 * 1000;

/** The grid shows Monday to Saturday; export and print cover all 7 days. */
export const GRID_DAYS = 6;
export const EXPORT_DAYS = 7;
/** Jobs are fetched for the week plus or minus this many days (docs/schedule.md). */
export const JOB_FETCH_WINDOW_DAYS = 4;

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/** The selected company's local-storage key and its placeholder value (docs/auth.md). */
export const SELECTED_COMPANY_KEY = "selectedCompanyId";
export const DEFAULT_COMPANY_PLACEHOLDER = "default-company";
export const COMPANY_HEADER = "X-Company-Id";
export const ADMIN_KEY_HEADER = "X-Admin-Key";
