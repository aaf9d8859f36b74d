import type { Role } from "@sched/shared-types";

/**
 * Owners and admins keep the roster, the templates and the schedule (ARCHITECTURE section 5):
 * other roles do not see those controls. The server decides in the end.
 */
export const canManageRoster = (role: Role | null) => role === "owner" || role === "admin";
