import type { AvatarColor, EmployeeDTO } from "@sched/shared-types";
import type { employees } from "../db/schema";

export function presentEmployee(row: typeof employees.$inferSelect): EmployeeDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    initials: row.initials,
    avatarColor: row.avatarColor as AvatarColor,
    isActive: row.isActive,
    availability: row.availability ?? [],
    phone: row.phone ?? null,
    email: row.email ?? null,
    skills: row.skills ?? [],
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}
