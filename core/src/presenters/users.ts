import type { CompanyDTO, Role, UserCompanyDTO, UserDTO } from "@sched/shared-types";
import type { companies, users } from "../db/schema";

type UserRow = typeof users.$inferSelect;

/** The user as the client sees it: never the password hash. */
export function presentUser(user: UserRow): UserDTO {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isSystemAdmin: user.isSystemAdmin,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** A company as one member sees it: their role there and the roster employee they are linked to. */
export function presentCompany(
  company: Pick<typeof companies.$inferSelect, "id" | "name">,
  membership: { role: Role; employeeId: string | null },
): CompanyDTO {
  return { id: company.id, name: company.name, role: membership.role, employeeId: membership.employeeId };
}

/** Which company a user belongs to and as what, without its name. */
export const presentUserCompany = (membership: { id: string; role: Role }): UserCompanyDTO => ({
  companyId: membership.id,
  role: membership.role,
});
