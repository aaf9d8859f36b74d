/**
 * The JSON shapes the API answers with (what the server's presenters produce and
 * the client reads). Dates-with-time are ISO strings; calendar dates are yyyy-MM-dd.
 */
import type {
  AvatarColor,
  InvitableRole,
  JobStatus,
  JobType,
  PaymentStatus,
  PlanType,
  Role,
  ServiceType,
} from "./constants";

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

/** GET /api/companies */
export type CompanyDTO = { id: string; name: string; role: Role };
/** GET /api/user/companies */
export type UserCompanyDTO = { companyId: string; role: Role };

export type EmployeeDTO = {
  id: string;
  companyId: string;
  name: string;
  initials: string;
  avatarColor: AvatarColor;
  isActive: boolean;
  createdAt: string;
};

export type JobDTO = {
  id: string;
  companyId: string;
  employeeId: string;
  type: JobType;
  location: string;
  description: string | null;
  date: string;
  time: string;
  status: JobStatus;
  paymentStatus: PaymentStatus;
  completedAt: string | null;
  amount: string | null;
  customerEmail: string | null;
  customerPhone: string | null;
  callRecordId: string | null;
  beforePhotoUrl: string | null;
  afterPhotoUrl: string | null;
  createdAt: string;
  updatedAt: string;
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
  serviceType: ServiceType;
  notes: string | null;
  callDate: string;
  callTime: string;
  /** Jobs booked from this call. */
  bookedJobIds: string[];
  createdAt: string;
  updatedAt: string;
};

export type ChatMessageDTO = {
  id: string;
  companyId: string;
  employeeId: string;
  message: string;
  createdAt: string;
  employee: { name: string; initials: string; avatarColor: AvatarColor };
};

export type MemberDTO = {
  id: string;
  userId: string;
  role: Role;
  joinedAt: string;
  user: { firstName: string; lastName: string; email: string };
};

export type InvitationDTO = {
  id: string;
  email: string;
  role: InvitableRole;
  createdAt: string;
  expiresAt: string;
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

export type NotificationDTO = {
  id: string;
  kind: string;
  title: string;
  detail: string | null;
  createdAt: string;
  isRead: boolean;
};

export type ErrorBodyDTO = { message: string; errors?: { path: string; message: string }[] };
