import {
  CalendarOutlined,
  ContactsOutlined,
  CopyOutlined,
  CreditCardOutlined,
  FieldTimeOutlined,
  HistoryOutlined,
  IdcardOutlined,
  MessageOutlined,
  PhoneOutlined,
  ScheduleOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { type Action, can, type Role } from "@sched/shared-types";
import type { ComponentType } from "react";

export type NavItem = { to: string; label: string; icon: ComponentType };

/** The technician's own day (docs/my-day.md). */
const MY_DAY_ITEM: NavItem = { to: "/my-day", label: "My Day", icon: ScheduleOutlined };

/** The main navigation, in the order docs/auth.md gives. */
const NAV_ITEMS: NavItem[] = [
  { to: "/schedule", label: "Schedule", icon: CalendarOutlined },
  { to: "/employees", label: "Employees", icon: IdcardOutlined },
  { to: "/templates", label: "Templates", icon: CopyOutlined },
  { to: "/history", label: "History", icon: HistoryOutlined },
  { to: "/chat", label: "Chat", icon: MessageOutlined },
  { to: "/calls", label: "Calls", icon: PhoneOutlined },
  { to: "/customers", label: "Customers", icon: ContactsOutlined },
  { to: "/team", label: "Team", icon: TeamOutlined },
  { to: "/timesheets", label: "Timesheets", icon: FieldTimeOutlined },
  { to: "/subscription", label: "Subscription", icon: CreditCardOutlined },
];

const itemsAt = (paths: readonly string[]) =>
  paths.flatMap((path) => NAV_ITEMS.filter((item) => item.to === path));

const MOBILE_PATHS = ["/schedule", "/employees", "/calls", "/history", "/chat", "/team"];

/** The office's phone bottom bar: six entries, in the order docs/auth.md gives. */
const MOBILE_NAV_ITEMS: NavItem[] = itemsAt(MOBILE_PATHS);

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
 * Screens field work only ever finds refused or meaningless: templates (reading one plans
 * nothing) and the subscription (the owner's). They stay reachable by address; the
 * navigation just does not offer them (docs/my-day.md).
 */
const NOT_FOR_FIELD_WORK = new Set(["/templates", "/subscription"]);

/**
 * The office's screens and what the role table asks to read them: Team lists everyone's
 * e-mail, History the office's weeks. Hidden from a role without it, and their routes
 * send it home (OfficeScreen.tsx; docs/my-day.md, "Their own work only").
 */
export const OFFICE_SCREENS: Readonly<Record<string, Action>> = {
  "/history": "readHistory",
  "/team": "readTeam",
  // Everyone's hours; a technician sees their own on My Day (docs/timesheets.md).
  "/timesheets": "readAllTimesheets",
};

/** Whether the role may open the screen at `path` (no role yet counts as the office). */
export function mayOpenScreen(role: Role | null, path: string): boolean {
  const action = OFFICE_SCREENS[path];
  return role === null || action === undefined || can(role, action);
}

/**
 * On a phone, field work gets what it needs (docs/my-day.md): customers' addresses and
 * phones among it (docs/customers.md), never the office's Team and History. The office's
 * phone bar keeps its six; the Calls screen links to the customers.
 */
const FIELD_WORK_MOBILE_PATHS = ["/schedule", "/customers", "/chat"];

/** Who is looking: their role and whether they are linked to a roster employee. */
type Navigator = { role: Role | null; isLinked: boolean };

/** My Day comes first for field work (linked or not: it says how to get linked) and for a linked owner or admin. */
const hasMyDay = ({ role, isLinked }: Navigator) => doesFieldWork(role) || isLinked;

/** The desktop navigation for this member. */
export function navItemsFor(navigator: Navigator): NavItem[] {
  const items = (
    doesFieldWork(navigator.role) ? NAV_ITEMS.filter((item) => !NOT_FOR_FIELD_WORK.has(item.to)) : NAV_ITEMS
  ).filter((item) => mayOpenScreen(navigator.role, item.to));
  return hasMyDay(navigator) ? [MY_DAY_ITEM, ...items] : items;
}

/** The phone bottom bar for this member. */
export function mobileNavItemsFor(navigator: Navigator): NavItem[] {
  const items = (doesFieldWork(navigator.role) ? itemsAt(FIELD_WORK_MOBILE_PATHS) : MOBILE_NAV_ITEMS).filter(
    (item) => mayOpenScreen(navigator.role, item.to),
  );
  return hasMyDay(navigator) ? [MY_DAY_ITEM, ...items] : items;
}

/**
 * What the phone bar leaves out of the desktop navigation (Templates, Customers, Timesheets,
 * Subscription for the office): behind the bar's "More", so every screen stays reachable.
 */
export function moreNavItemsFor(navigator: Navigator): NavItem[] {
  const inBar = new Set(mobileNavItemsFor(navigator).map((item) => item.to));
  return navItemsFor(navigator).filter((item) => !inBar.has(item.to));
}

/** Whether a nav link is the current screen; the root path counts as the schedule. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === "/schedule" && pathname === "/") return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}
