import { z } from "zod";
import { AVATAR_COLORS, INITIALS_MAX } from "../constants";
import { ZCompanyId, ZMomentText, ZRowId } from "./common";
import { CUSTOMER_FIELD_EMAIL_MAX, CUSTOMER_FIELD_PHONE_MAX, CUSTOMER_FIELD_PHONE_MIN } from "./customers";
import { ZSkillList } from "./skills";
import { ZAvailability, ZAvailabilityWindow } from "./time-off";
import { ZVersion } from "./versions";

/** Older clients send isActive as text; the API takes a boolean or "true"/"false" (docs/decisions.md). */
export const ZBooleanLike = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

export const EMPLOYEE_PHONE_INVALID = `Phone must be ${CUSTOMER_FIELD_PHONE_MIN} to ${CUSTOMER_FIELD_PHONE_MAX} characters: digits, spaces and + - ( ) .`;
export const EMPLOYEE_EMAIL_INVALID = "Email must be a valid email address";

// Contact fields sent empty are stored as null: "" and "   " mean "not given".
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** How the office reaches a technician (docs/employees.md); optional, null when not given. */
const ZEmployeePhone = z.preprocess(
  blankToNull,
  z
    .string({ message: EMPLOYEE_PHONE_INVALID })
    .trim()
    .min(CUSTOMER_FIELD_PHONE_MIN, { message: EMPLOYEE_PHONE_INVALID })
    .max(CUSTOMER_FIELD_PHONE_MAX, { message: EMPLOYEE_PHONE_INVALID })
    .regex(/^[0-9 +\-().]+$/, { message: EMPLOYEE_PHONE_INVALID })
    .nullable(),
);
const ZEmployeeEmail = z.preprocess(
  blankToNull,
  z
    .string({ message: EMPLOYEE_EMAIL_INVALID })
    .trim()
    .max(CUSTOMER_FIELD_EMAIL_MAX, { message: EMPLOYEE_EMAIL_INVALID })
    .pipe(z.email({ message: EMPLOYEE_EMAIL_INVALID }))
    .nullable(),
);

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
  /** Left out: null on create, unchanged on update; "" clears it. */
  phone: ZEmployeePhone.optional(),
  email: ZEmployeeEmail.optional(),
  /** Skills from the company's list (docs/schedule.md); left out: [] on create, unchanged on update. */
  skills: ZSkillList.optional(),
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

/** A roster employee as the API answers it. */
export const ZEmployee = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    name: z.string(),
    initials: z.string(),
    avatarColor: z.enum(AVATAR_COLORS),
    isActive: z.boolean(),
    availability: z
      .array(ZAvailabilityWindow)
      .describe(
        "The weekly pattern, 0 = Sunday; [] means the company's working days and hours (docs/time-off.md)",
      ),
    phone: z.string().nullable().describe("The technician's phone, as typed; null when not given"),
    email: z.string().nullable().describe("The technician's e-mail; null when not given"),
    skills: z
      .array(z.string())
      .describe("The company skills they hold (docs/schedule.md); jobs needing others are warned about"),
    createdAt: ZMomentText,
    version: z.int().describe("Grows by one with every change (docs/api.md)"),
  })
  .meta({ id: "Employee" });
export type EmployeeDTO = z.infer<typeof ZEmployee>;
