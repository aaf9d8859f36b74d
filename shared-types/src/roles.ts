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
  /** Create, edit, delete and import customers (docs/customers.md). */
  manageCustomers: ["owner", "admin"],
  /** Read every customer; anyone else reads only the customers of their own jobs (docs/customers.md). */
  readAllCustomers: ["owner", "admin"],
  /**
   * The office's reading of people: the members with their e-mails (Team) and the past
   * weeks (History). A technician reads their own work, not the team's (docs/my-day.md).
   */
  readTeam: ["owner", "admin"],
  readHistory: ["owner", "admin"],
  /** See the pending invitations (team reading: stays open after a trial ends). */
  readInvitations: ["owner", "admin"],
  /** Invite, cancel invitations, remove members. */
  manageTeam: ["owner", "admin"],
  /** Send a member a link to choose a new password (docs/auth.md). */
  resetMemberPasswords: ["owner"],
  /** Start or change the subscription. */
  manageBilling: ["owner"],
  /**
   * The day clock (docs/timesheets.md): any member linked to a roster employee clocks their
   * own day; the command refuses an unlinked member.
   */
  clockTime: ["owner", "admin", "employee"],
  /** Read everyone's timesheets; anyone else reads only their own (docs/timesheets.md). */
  readAllTimesheets: ["owner", "admin"],
  /** Correct time entries and approve weeks. */
  manageTimesheets: ["owner", "admin"],
  /** Unlock an approved week. */
  reopenTimesheets: ["owner"],
  /**
   * Ask for time off (docs/time-off.md): an employee-role member for their own linked
   * employee (pending); owners and admins for anyone (approved at once).
   */
  requestTimeOff: ["owner", "admin", "employee"],
  /** Approve or decline requests, remove anyone's time off, read everyone's in full. */
  manageTimeOff: ["owner", "admin"],
  /** Change the company's settings (time zone, country): docs/settings.md. */
  manageSettings: ["owner"],
  /** Read the online booking settings and the requests waiting for approval (docs/booking.md). */
  readBooking: ["owner", "admin"],
  /** Change the online booking settings (docs/booking.md); requests are approved under manageJobs. */
  manageBooking: ["owner", "admin"],
  /**
   * Money (docs/money.md): the money settings and tax rates, the price book, invoices. A
   * technician adds items to their own jobs (progressJobs) and reads prices only where the
   * company allows it.
   */
  manageMoney: ["owner", "admin"],
  /** The owner's numbers (docs/numbers.md): the company's figures and the rows behind them. */
  readNumbers: ["owner", "admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof ACTIONS;

export function can(role: Role, action: Action): boolean {
  return (ACTIONS[action] as readonly Role[]).includes(role);
}

/**
 * What a company may still do after its trial has run out unpaid: read, pay, and help a
 * member back in (anyone may ask for a reset link from the sign-in page anyway).
 */
const OPEN_AFTER_TRIAL: readonly Action[] = [
  "read",
  "readTeam",
  "readHistory",
  "readAllCustomers",
  "readInvitations",
  "readAllTimesheets",
  "readBooking",
  "readNumbers",
  "manageBilling",
  "resetMemberPasswords",
  // The day clock is field work: whoever is at a customer's door still starts and ends the day.
  "clockTime",
];

/**
 * What a role may still do besides, after a trial ends: a technician at a customer's door
 * still records field work (status, completion, photos, On my way), whatever the office's
 * billing (docs/api.md).
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
