import type {
  InvitableRole,
  InvitationDTO,
  InvitationLookupDTO,
  InvitationStatus,
  MemberDTO,
  Role,
} from "@sched/shared-types";
import type { companyUsers, employeeInvitations, users } from "../db/schema";

type MemberRow = {
  membership: typeof companyUsers.$inferSelect;
  user: Pick<typeof users.$inferSelect, "firstName" | "lastName" | "email">;
};
type InvitationRow = typeof employeeInvitations.$inferSelect;

export function presentMember({ membership, user }: MemberRow): MemberDTO {
  return {
    id: membership.id,
    userId: membership.userId,
    role: membership.role as Role,
    joinedAt: membership.joinedAt.toISOString(),
    user: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    employeeId: membership.employeeId,
  };
}

/** The office's view of a pending invitation: never the token hash, never who sent it. */
export function presentInvitation(row: InvitationRow): InvitationDTO {
  return {
    id: row.id,
    email: row.email,
    role: row.role as InvitableRole,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    employeeId: row.employeeId,
  };
}

export function invitationStatus(row: Pick<InvitationRow, "isUsed" | "expiresAt">, now = new Date()) {
  const status: InvitationStatus = row.isUsed ? "used" : row.expiresAt <= now ? "expired" : "valid";
  return status;
}

/** What the person holding the link sees before accepting. */
export function presentInvitationLookup(row: InvitationRow, companyName: string): InvitationLookupDTO {
  return {
    companyName,
    email: row.email,
    role: row.role as InvitableRole,
    status: invitationStatus(row),
  };
}
