import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../constants";
import { COMPANY_NAME_LINK, containsLink } from "../links";
import { ZMomentText, ZRowId } from "./common";
import { ZTimeZone } from "./settings";

export const ZPassword = z
  .string({ message: "Password is required" })
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` });

const ZName = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(100, { message: `${label} must be at most 100 characters` });

/** A company's name goes into e-mails the app sends: no link may ride in it (../links.ts). */
export const ZCompanyName = ZName("Company name").refine((name) => !containsLink(name), {
  message: COMPANY_NAME_LINK,
});

export const ZRegister = z.object({
  email: z
    .string({ message: "Email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: "Invalid email address" })),
  password: ZPassword,
  firstName: ZName("First name"),
  lastName: ZName("Last name"),
  companyName: ZCompanyName,
  /** The owner's browser time zone: the new company's settings start with it (docs/settings.md). */
  timeZone: ZTimeZone.optional(),
});
export type TRegister = z.infer<typeof ZRegister>;

/** Login checks presence itself so that either field missing answers `Missing credentials`. */
export const ZLogin = z.object({
  email: z.string().trim().toLowerCase().min(1),
  password: z.string().min(1),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZCompanyCreate = z.object({ name: ZCompanyName, timeZone: ZTimeZone.optional() });
export type TCompanyCreate = z.infer<typeof ZCompanyCreate>;

/**
 * What POST /api/password-reset answers, whether or not the address has an account
 * (docs/auth.md): the answer never tells who signs up here.
 */
export const PASSWORD_RESET_REQUESTED =
  "If an account uses this address, we have sent it a link to choose a new password. The link works for one hour.";
/** A reset link that is unknown, used or past its hour. */
export const PASSWORD_RESET_LINK_INVALID =
  "This link to reset a password has expired or was already used. Ask for a new one.";

/** POST /api/password-reset: the address to send a link to. */
export const ZPasswordResetRequest = z.object({
  email: z
    .string({ message: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, { message: "Email is required" })
    .pipe(z.email({ message: "Invalid email address" })),
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** POST /api/password-reset/:token: the new password, under sign-up's rules. */
export const ZPasswordReset = z.object({ password: ZPassword });
export type TPasswordReset = z.infer<typeof ZPasswordReset>;

/** A path `/password-reset/:token`: any string; a malformed token is simply not valid. */
export const ZPasswordResetParams = z.object({ token: z.string() });

/** A user as the API answers it (signed in, registered, or joined by an invitation). */
export const ZUser = z
  .object({
    id: ZRowId,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    isSystemAdmin: z.boolean(),
    createdAt: ZMomentText,
    updatedAt: ZMomentText,
  })
  .meta({ id: "User" });
export type UserDTO = z.infer<typeof ZUser>;
