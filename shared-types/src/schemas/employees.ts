import { z } from "zod";
import { AVATAR_COLORS, INITIALS_MAX } from "../constants";
import { ZCompanyId } from "./common";
import { ZAvailability } from "./time-off";
import { ZVersion } from "./versions";

/** Older clients send isActive as text; the API takes a boolean or "true"/"false" (docs/decisions.md). */
export const ZBooleanLike = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

export const ZEmployeeFields = z.object({
  name: z.string({ message: "Name is required" }).trim().min(1, { message: "Name is required" }).max(100, {
    message: "Name must be 100 characters or less",
  }),
  initials: z
    .string({ message: "Initials are required" })
    .trim()
    .min(1, { message: "Initials are required" })
    .max(INITIALS_MAX, { message: "Initials must be 3 characters or less" }),
  avatarColor: z.enum(AVATAR_COLORS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? "Avatar color is required"
        : `Avatar color must be one of ${AVATAR_COLORS.join(", ")}`,
  }),
  isActive: ZBooleanLike.default(true),
  /** The weekly pattern (docs/time-off.md); left out: [] on create, unchanged on update. */
  availability: ZAvailability.optional(),
});

export const ZEmployeeCreate = ZEmployeeFields.extend({ companyId: ZCompanyId.optional() });
export type TEmployeeCreate = z.infer<typeof ZEmployeeCreate>;

/** PUT /api/employees/:id: any subset of the fields, and the version the client last saw. */
export const ZEmployeeUpdate = ZEmployeeFields.partial()
  // No default here: a rename must not reactivate anyone (the create's default is true).
  .extend({
    isActive: ZBooleanLike.optional(),
    companyId: ZCompanyId.optional(),
    version: ZVersion.optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== "companyId" && k !== "version"), {
    message: "Nothing to update",
  });
export type TEmployeeUpdate = z.infer<typeof ZEmployeeUpdate>;

/** DELETE /api/employees/:id?confirm=true: without it, an employee with jobs or messages is kept (409). */
export const ZEmployeeDeleteQuery = z.object({
  confirm: ZBooleanLike.optional().default(false),
  companyId: ZCompanyId.optional(),
});

/** The 409 body of a delete that needs confirmation: what would go with the employee. */
export type EmployeeDeleteConflict = {
  message: string;
  code: "conflict";
  jobCount: number;
  messageCount: number;
};
