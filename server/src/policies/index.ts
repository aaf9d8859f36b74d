/**
 * The role table of ARCHITECTURE.md section 5 as data: one place answers
 * "may this role do that?". Pure functions, no I/O.
 */
import type { Role } from "@sched/shared-types";

export const ACTIONS = {
  /** Read schedule, jobs, roster, templates, history, team, call log, subscription. */
  read: ["owner", "admin", "employee"],
  /** Create, edit, move, delete jobs; apply templates. */
  manageJobs: ["owner", "admin"],
  /** Change a job's status and completion, upload photos. */
  progressJobs: ["owner", "admin", "employee"],
  /** Add, edit, delete roster employees; create and delete templates. */
  manageRoster: ["owner", "admin"],
  manageTemplates: ["owner", "admin"],
  /** Team chat: read and send. */
  chat: ["owner", "admin", "employee"],
  /** Create, edit, delete call records. */
  manageCalls: ["owner", "admin"],
  /** Invite, cancel invitations, remove members. */
  manageTeam: ["owner", "admin"],
  /** Start or change the subscription. */
  manageBilling: ["owner"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof ACTIONS;

export function can(role: Role, action: Action): boolean {
  return (ACTIONS[action] as readonly Role[]).includes(role);
}

/** Changes a company may still make after its trial has run out unpaid: paying. */
const OPEN_AFTER_TRIAL: readonly Action[] = ["read", "manageBilling"];

export function isAllowedWhileReadOnly(action: Action): boolean {
  return OPEN_AFTER_TRIAL.includes(action);
}

/** May `actorRole` remove the member `target`? Never an owner, never oneself. */
export function canRemoveMember(
  actor: { userId: string; role: Role },
  target: { userId: string; role: Role },
): boolean {
  return can(actor.role, "manageTeam") && target.role !== "owner" && target.userId !== actor.userId;
}
