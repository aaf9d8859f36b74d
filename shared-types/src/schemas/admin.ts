import { z } from "zod";
import { ZCompanyId } from "./common";

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

/**
 * GET /api/admin/overview: the dashboard's counters and system overview. Companies are
 * counted by the same labels as the list; `trialExpired` is the part of `trial` whose
 * trial has ended (they can read but not change anything).
 */
export type AdminOverviewDTO = {
  companies: Record<AdminStatusLabel, number> & { total: number; trialExpired: number };
  users: { total: number; systemAdmins: number };
  jobsThisWeek: number;
  /** The Monday and Sunday (yyyy-MM-dd, UTC) that `jobsThisWeek` counts. */
  weekStart: string;
  weekEnd: string;
};
