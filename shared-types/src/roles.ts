/**
 * The role table as data: one place answers "may this role do that?", read by the
 * server's authorization door and by the client's can(role, action) alike
 * (docs/api.md lists it in words). Pure functions, no I/O.
 */
import type { Role } from "./constants";

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
  /** Create, edit, delete and import customers; every member reads them (docs/customers.md). */
  manageCustomers: ["owner", "admin"],
  /** See the pending invitations (team reading: stays open after a trial ends). */
  readInvitations: ["owner", "admin"],
  /** Invite, cancel invitations, remove members. */
  manageTeam: ["owner", "admin"],
  /** Start or change the subscription. */
  manageBilling: ["owner"],
  /** Change the company's settings (time zone, country): docs/settings.md. */
  manageSettings: ["owner"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof ACTIONS;

export function can(role: Role, action: Action): boolean {
  return (ACTIONS[action] as readonly Role[]).includes(role);
}

/** What a company may still do after its trial has run out unpaid: read, and pay. */
const OPEN_AFTER_TRIAL: readonly Action[] = ["read", "readInvitations", "manageBilling"];

/**
 * What a role may still do besides, after a trial ends: a technician at a customer's door
 * still records field work (status, completion, photos, On my way), whatever the office's
 * billing (docs/api.md, "After a trial ends").
 */
const OPEN_AFTER_TRIAL_FOR_ROLE: { readonly [R in Role]?: readonly Action[] } = {
  employee: ["progressJobs"],
};

export function isAllowedWhileReadOnly(role: Role, action: Action): boolean {
  return OPEN_AFTER_TRIAL.includes(action) || (OPEN_AFTER_TRIAL_FOR_ROLE[role]?.includes(action) ?? false);
}

/** May `actorRole` remove the member `target`? Never an owner, never oneself. */
export function canRemoveMember(
  actor: { userId: string; role: Role },
  target: { userId: string; role: Role },
): boolean {
  return can(actor.role, "manageTeam") && target.role !== "owner" && target.userId !== actor.userId;
}
