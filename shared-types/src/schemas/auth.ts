import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../constants";
import { COMPANY_NAME_LINK, containsLink } from "../links";
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
