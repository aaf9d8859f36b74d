/**
 * The JSON shapes the API answers with (what the server's presenters produce and
 * the client reads). Dates-with-time are ISO strings; calendar dates are yyyy-MM-dd.
 */

import type { JobWarning } from "./conflicts";
import type {
  AuthorAvatarColor,
  AvatarColor,
  InvitableRole,
  JobStatus,
  JobType,
  NotificationKind,
  PaymentStatus,
  PlanType,
  Role,
  ServiceType,
} from "./constants";
import type { AvailabilityWindow, TimeOffDTO } from "./schemas/time-off";

export type UserDTO = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  isSystemAdmin: boolean;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/companies; `employeeId` is the roster employee the user is linked to there. */
export type CompanyDTO = { id: string; name: string; role: Role; employeeId: string | null };
/** GET /api/user/companies */
export type UserCompanyDTO = { companyId: string; role: Role };

export type EmployeeDTO = {
  id: string;
  companyId: string;
  name: string;
  initials: string;
  avatarColor: AvatarColor;
  isActive: boolean;
  /** The weekly pattern, 0 = Sunday; [] means the company's working days and hours (docs/time-off.md). */
  availability: AvailabilityWindow[];
  createdAt: string;
  /** Grows by one with every change (docs/api.md). */
  version: number;
};

export type JobDTO = {
  id: string;
  companyId: string;
  /** employeeId, date and time are all null while the job is unscheduled (docs/schedule.md). */
  employeeId: string | null;
  type: JobType;
  location: string;
  description: string | null;
  date: string | null;
  time: string | null;
  /** 15 to 720 minutes in steps of 15: the card shows start–end. */
  durationMinutes: number;
  status: JobStatus;
  paymentStatus: PaymentStatus;
  completedAt: string | null;
  /** When the technician said they were on the way (not a status: docs/schedule.md). */
  onMyWayAt: string | null;
  amount: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  /** The customer the job is for (docs/customers.md); null when none is linked. */
  customerId: string | null;
  /** That customer's name, as the cards, the print sheet and the CSV show it. */
  customerName: string | null;
  callRecordId: string | null;
  /** The recurring series this job is an occurrence of, or null (docs/schedule.md). */
  seriesId: string | null;
  /** The date the series' rule gave this occurrence, whatever date it was moved to since. */
  occurrenceDate: string | null;
  /** True once this occurrence was changed on its own: series edits skip it unless asked. */
  isDetached: boolean;
  beforePhotoUrl: string | null;
  afterPhotoUrl: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  /** What the conflict engine sees (docs/schedule.md); never blocks a save. */
  warnings: JobWarning[];
};

export type TemplateEntryDTO = {
  employeeId: string;
  /** 0 = Monday ... 6 = Sunday */
  dayOfWeek: number;
  time: string;
  type: JobType;
  location: string;
  description: string | null;
  amount: string | null;
};

export type TemplateDTO = {
  id: string;
  companyId: string;
  name: string;
  description: string | null;
  templateData: TemplateEntryDTO[];
  createdAt: string;
  version: number;
};

export type ApplyTemplateResultDTO = { created: number; skipped: number };

export type WeeklyScheduleDTO = {
  id: string;
  companyId: string;
  weekStartDate: string;
  weekEndDate: string;
  name: string;
  isArchived: boolean;
  createdAt: string;
  version: number;
};

export type DailyCallDTO = {
  id: string | null;
  companyId: string;
  date: string;
  callCount: number;
  notes: string | null;
  createdAt: string | null;
  updatedAt: string | null;
};

export type CallRecordDTO = {
  id: string;
  companyId: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  customerAddress: string | null;
  /** The customer who called (docs/customers.md); null when none is linked. */
  customerId: string | null;
  serviceType: ServiceType;
  notes: string | null;
  callDate: string;
  callTime: string;
  /** Jobs booked from this call. */
  bookedJobIds: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
};

/** Who wrote a chat message: their linked roster employee, else the member's own name. */
export type ChatAuthorDTO = {
  userId: string;
  name: string;
  initials: string;
  avatarColor: AuthorAvatarColor;
};

export type ChatMessageDTO = {
  id: string;
  companyId: string;
  /** The sender's roster employee; null for a member not linked to the roster. */
  employeeId: string | null;
  message: string;
  createdAt: string;
  employee: { name: string; initials: string; avatarColor: AvatarColor } | null;
  /** The member who sent it; null on messages from before senders were recorded. */
  author: ChatAuthorDTO | null;
};

export type MemberDTO = {
  id: string;
  userId: string;
  role: Role;
  joinedAt: string;
  user: { firstName: string; lastName: string; email: string };
  /** The roster employee this member is (docs/team-and-invitations.md); null when not linked. */
  employeeId: string | null;
};

/**
 * A member as every member may see them (chat's team directory): a name and the roster
 * employee they are, never contact details (docs/my-day.md).
 */
export type TeamPersonDTO = {
  userId: string;
  firstName: string;
  lastName: string;
  employeeId: string | null;
};

/** GET /api/companies/:companyId/online: the members with the app open now (docs/realtime.md). */
export type OnlineMembersDTO = { userIds: string[] };

export type InvitationDTO = {
  id: string;
  email: string;
  role: InvitableRole;
  createdAt: string;
  expiresAt: string;
  /** The roster employee the new member will be linked to on accepting; null for none. */
  employeeId: string | null;
};

export type InvitationStatus = "valid" | "expired" | "used";
export type InvitationLookupDTO = {
  companyName: string;
  email: string;
  role: InvitableRole;
  status: InvitationStatus;
};

export type SubscriptionInfoDTO = {
  subscriptionActive: boolean;
  subscriptionStatus: string;
  daysLeftInTrial: number;
  trialExpired: boolean;
  planType: PlanType;
  currentPeriodEnd: string | null;
  isFreeAccount: boolean;
};

export type PlanDTO = { name: string; price: number; features: string[] };
export type PlansDTO = Record<PlanType, PlanDTO>;

export type AdminCompanyDTO = {
  id: string;
  name: string;
  ownerId: string;
  isFreeAccount: boolean;
  subscriptionStatus: string;
  planType: PlanType;
  trialEndsAt: string;
  createdAt: string;
  freeAccessGrantedAt: string | null;
  freeAccessNotes: string | null;
};

/** One bell entry of the signed-in user (docs/realtime.md): a sentence, and the job it is about. */
export type NotificationDTO = {
  id: string;
  kind: NotificationKind;
  message: string;
  /** The job it is about; null for other kinds, for a template's week, and once the job is deleted. */
  jobId: string | null;
  /**
   * The time off request it is about, as it is now (the office's entry for a request offers
   * "Re-plan the day" for a sick day); null for other kinds and once the request is deleted.
   */
  timeOff: NotificationTimeOff | null;
  createdAt: string;
  read: boolean;
};

export type NotificationTimeOff = Pick<
  TimeOffDTO,
  "id" | "employeeId" | "kind" | "startDate" | "endDate" | "status"
>;
