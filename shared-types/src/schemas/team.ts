import { z } from "zod";
import type { UserDTO } from "../api";
import { INVITABLE_ROLES, type Role } from "../constants";
import { ZRegister } from "./auth";
import { canonicalId, ZPathId } from "./common";

/** The invite toast's description for an empty address (docs/team-and-invitations.md). */
export const INVITE_EMAIL_REQUIRED = "Please enter an email address.";

/** The invited address: trimmed and lowercased, so one person never has two pending invitations. */
export const ZInviteEmail = z
  .string({ message: INVITE_EMAIL_REQUIRED })
  .trim()
  .min(1, { message: INVITE_EMAIL_REQUIRED })
  .toLowerCase()
  .pipe(z.email({ message: "Invalid email address" }));

/** A roster employee a member is (or will be) linked to (docs/team-and-invitations.md). */
export const ZRosterLink = canonicalId({
  error: (issue) => (issue.input === undefined ? "Employee is required" : "Employee is not valid"),
});

export const ZInvitationCreate = z.object({
  email: ZInviteEmail,
  role: z.enum(INVITABLE_ROLES, { message: "Role must be employee or admin" }).default("employee"),
  /** The roster employee the new member will be; accepting links them. */
  employeeId: ZRosterLink.nullish(),
});
export type TInvitationCreate = z.infer<typeof ZInvitationCreate>;

/** A path `/companies/:companyId/users/:userId`: any string; a malformed id is simply not found (404). */
export const ZMemberParams = z.object({ companyId: ZPathId, userId: ZPathId });

/** PUT /api/companies/:companyId/users/:userId: the member's roster employee; null unlinks. */
export const ZMemberLink = z.object({ employeeId: ZRosterLink.nullable() });
export type TMemberLink = z.infer<typeof ZMemberLink>;

/** A path `/invitations/token/:token`: any string; a malformed token is simply not found (404). */
export const ZInvitationTokenParams = z.object({ token: z.string() });

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
