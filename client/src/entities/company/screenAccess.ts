/**
 * Who may open which screen, by role: apart from the navigation (./navigation.ts) and its
 * icons, so the routes that check it (OfficeScreen) do not load them.
 */
import { type Action, can, type Role } from "@sched/shared-types";

/**
 * Whether this member does the field work rather than plan it: one the role table does not
 * let manage jobs (today the employee role). Their navigation offers what field work needs
 * and a phone opens on My Day (docs/my-day.md). No role yet (the companies still loading)
 * counts as the office.
 */
export function doesFieldWork(role: Role | null): boolean {
  return role !== null && !can(role, "manageJobs");
}

/**
 * The office's screens and what the role table asks to read them: Team lists everyone's
 * e-mail, History the office's weeks. Hidden from a role without it, and their routes
 * send it home (OfficeScreen.tsx; docs/my-day.md).
 */
const OFFICE_SCREENS: Readonly<Record<string, Action>> = {
  "/history": "readHistory",
  "/team": "readTeam",
  // Everyone's hours; a technician sees their own on My Day (docs/timesheets.md).
  "/timesheets": "readAllTimesheets",
  // Where the company's time and money went (docs/numbers.md).
  "/numbers": "readNumbers",
  // Quotes carry prices and the office's offers (docs/quotes.md).
  "/quotes": "manageMoney",
  // Invoices and payments are the office's money (docs/money.md, "Screens").
  "/invoices": "manageMoney",
};

/** Whether the role may open the screen at `path` (no role yet counts as the office). */
export function mayOpenScreen(role: Role | null, path: string): boolean {
  const action = OFFICE_SCREENS[path];
  return role === null || action === undefined || can(role, action);
}
