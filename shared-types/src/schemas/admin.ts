import { z } from "zod";
import { PLAN_TYPES } from "../constants";
import { ZCompanyId, ZDateText, ZMomentText, ZRowId } from "./common";

export const FREE_ACCESS_NOTES_MAX = 500;

/** POST /api/make-admin: both fields are required (docs/admin.md). */
export const ZMakeAdmin = z.object({
  email: z
    .string({ message: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, { message: "Email is required" })
    .pipe(z.email({ message: "Invalid email address" })),
  adminPassword: z
    .string({ message: "Setup password is required" })
    .min(1, { message: "Setup password is required" }),
});
export type TMakeAdmin = z.infer<typeof ZMakeAdmin>;

/** The reason is required: whoever looks at a free company later must be able to tell why. */
export const ZFreeAccessNotes = z
  .string({ message: "Reason is required" })
  .trim()
  .min(1, { message: "Reason is required" })
  .max(FREE_ACCESS_NOTES_MAX, { message: `Reason must be ${FREE_ACCESS_NOTES_MAX} characters or less` });

export const ZGrantFreeAccess = z.object({
  companyId: ZCompanyId,
  notes: ZFreeAccessNotes,
});
export type TGrantFreeAccess = z.infer<typeof ZGrantFreeAccess>;

export const ZRevokeFreeAccess = z.object({ companyId: ZCompanyId });

/** The admin dashboard's status label of a company (docs/admin.md), in the order they are checked. */
export const ADMIN_STATUS_LABELS = ["FREE", "PAID", "TRIAL", "INACTIVE"] as const;
export type AdminStatusLabel = (typeof ADMIN_STATUS_LABELS)[number];

/** FREE if free account, PAID if active, TRIAL if trial (expired or not), else INACTIVE. */
export function adminStatusLabel(company: {
  isFreeAccount: boolean;
  subscriptionStatus: string;
}): AdminStatusLabel {
  if (company.isFreeAccount) return "FREE";
  if (company.subscriptionStatus === "active") return "PAID";
  if (company.subscriptionStatus === "trial") return "TRIAL";
  return "INACTIVE";
}

/** A company as the admin dashboard lists it (docs/admin.md). */
export const ZAdminCompany = z
  .object({
    id: ZRowId,
    name: z.string(),
    ownerId: ZRowId,
    isFreeAccount: z.boolean(),
    subscriptionStatus: z.string(),
    planType: z.enum(PLAN_TYPES),
    trialEndsAt: ZMomentText,
    createdAt: ZMomentText,
    freeAccessGrantedAt: ZMomentText.nullable(),
    freeAccessNotes: z.string().nullable(),
  })
  .meta({ id: "AdminCompany" });
export type AdminCompanyDTO = z.infer<typeof ZAdminCompany>;

/**
 * GET /api/admin/overview: the dashboard's counters and system overview. Companies are
 * counted by the same labels as the list; `trialExpired` is the part of `trial` whose
 * trial has ended (they can read but not change anything).
 */
export const ZAdminOverview = z
  .object({
    companies: z.object({
      FREE: z.int(),
      PAID: z.int(),
      TRIAL: z.int(),
      INACTIVE: z.int(),
      total: z.int(),
      trialExpired: z.int(),
    } satisfies Record<AdminStatusLabel | "total" | "trialExpired", z.ZodType>),
    users: z.object({ total: z.int(), systemAdmins: z.int() }),
    jobsThisWeek: z.int(),
    weekStart: ZDateText.describe("The Monday (yyyy-MM-dd, UTC) of the week `jobsThisWeek` counts"),
    weekEnd: ZDateText.describe("The Sunday (yyyy-MM-dd, UTC) of the week `jobsThisWeek` counts"),
  })
  .meta({ id: "AdminOverview" });
export type AdminOverviewDTO = z.infer<typeof ZAdminOverview>;
