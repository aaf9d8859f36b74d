import { z } from "zod";
import type { UserDTO } from "../api";
import { INVITABLE_ROLES, type Role } from "../constants";
import { ZRegister } from "./auth";

/** SPEC section 5: the toast's description is the message for an empty address. */
export const INVITE_EMAIL_REQUIRED = "Please enter an email address.";

/** The invited address: trimmed and lowercased, so one person never has two pending invitations. */
export const ZInviteEmail = z
  .string({ message: INVITE_EMAIL_REQUIRED })
  .trim()
  .min(1, { message: INVITE_EMAIL_REQUIRED })
  .toLowerCase()
  .pipe(z.email({ message: "Invalid email address" }));

export const ZInvitationCreate = z.object({
  email: ZInviteEmail,
  role: z.enum(INVITABLE_ROLES, { message: "Role must be employee or admin" }).default("employee"),
});
export type TInvitationCreate = z.infer<typeof ZInvitationCreate>;

/** What a signed-out invitee gives to get an account for the invited e-mail. */
export const ZInvitationSignUp = z.object({
  firstName: ZRegister.shape.firstName,
  lastName: ZRegister.shape.lastName,
  password: ZRegister.shape.password,
});
export type TInvitationSignUp = z.infer<typeof ZInvitationSignUp>;

/** POST /api/invitations/token/:token/accept answers the joined company and the (now signed-in) user. */
export type AcceptInvitationDTO = {
  companyId: string;
  companyName: string;
  /** The invited role, or the role already held by someone who was a member before. */
  role: Role;
  user: UserDTO;
};
