import { z } from "zod";
import { AVATAR_COLORS, INITIALS_MAX } from "../constants";
import { ZCompanyId } from "./common";

/** SPEC section 3 stores isActive as text; the API takes a boolean or "true"/"false". */
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
});

export const ZEmployeeCreate = ZEmployeeFields.extend({ companyId: ZCompanyId.optional() });
export type TEmployeeCreate = z.infer<typeof ZEmployeeCreate>;

export const ZEmployeeUpdate = ZEmployeeFields.partial()
  .extend({ companyId: ZCompanyId.optional() })
  .refine((v) => Object.keys(v).some((k) => k !== "companyId"), { message: "Nothing to update" });
export type TEmployeeUpdate = z.infer<typeof ZEmployeeUpdate>;

/** DELETE /api/employees/:id?confirm=true: without it, an employee with jobs or messages is kept (409). */
export const ZEmployeeDeleteQuery = z.object({
  confirm: ZBooleanLike.optional().default(false),
  companyId: ZCompanyId.optional(),
});
export type TEmployeeDeleteQuery = z.infer<typeof ZEmployeeDeleteQuery>;

/** The 409 body of a delete that needs confirmation: what would go with the employee. */
export type EmployeeDeleteConflict = { message: string; jobCount: number; messageCount: number };
