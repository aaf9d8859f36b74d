import { z } from "zod";
import { INVITABLE_ROLES, ROLES } from "../constants";
import { ZRegister, ZUser } from "./auth";
import { canonicalId, ZMomentText, ZPathId, ZRowId } from "./common";

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

/** A member of the company as the office sees them. */
export const ZMember = z
  .object({
    id: ZRowId,
    userId: ZRowId,
    role: z.enum(ROLES),
    joinedAt: ZMomentText,
    user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
    employeeId: ZRowId.nullable().describe(
      "The roster employee this member is (docs/team-and-invitations.md); null when not linked",
    ),
  })
  .meta({ id: "Member" });
export type MemberDTO = z.infer<typeof ZMember>;

/**
 * A member as every member may see them (chat's team directory): a name and the roster
 * employee they are, never contact details (docs/my-day.md).
 */
export const ZTeamPerson = z
  .object({ userId: ZRowId, firstName: z.string(), lastName: z.string(), employeeId: ZRowId.nullable() })
  .meta({ id: "TeamPerson" });
export type TeamPersonDTO = z.infer<typeof ZTeamPerson>;

/** GET /api/companies/:companyId/online: the members with the app open now (docs/realtime.md). */
export const ZOnlineMembers = z.object({ userIds: z.array(ZRowId) }).meta({ id: "OnlineMembers" });
export type OnlineMembersDTO = z.infer<typeof ZOnlineMembers>;

/** A pending invitation as the office sees it. */
export const ZInvitation = z
  .object({
    id: ZRowId,
    email: z.string(),
    role: z.enum(INVITABLE_ROLES),
    createdAt: ZMomentText,
    expiresAt: ZMomentText,
    employeeId: ZRowId.nullable().describe(
      "The roster employee the new member will be linked to on accepting; null for none",
    ),
  })
  .meta({ id: "Invitation" });
export type InvitationDTO = z.infer<typeof ZInvitation>;

export const INVITATION_STATUSES = ["valid", "expired", "used"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** GET /api/invitations/token/:token: what the invitee sees before accepting. */
export const ZInvitationLookup = z
  .object({
    companyName: z.string(),
    email: z.string(),
    role: z.enum(INVITABLE_ROLES),
    status: z.enum(INVITATION_STATUSES),
  })
  .meta({ id: "InvitationLookup" });
export type InvitationLookupDTO = z.infer<typeof ZInvitationLookup>;

/** POST /api/invitations/token/:token/accept answers the joined company and the (now signed-in) user. */
export const ZAcceptInvitation = z
  .object({
    companyId: ZRowId,
    companyName: z.string(),
    role: z
      .enum(ROLES)
      .describe("The invited role, or the role already held by someone who was a member before"),
    user: ZUser,
  })
  .meta({ id: "AcceptInvitation" });
export type AcceptInvitationDTO = z.infer<typeof ZAcceptInvitation>;
