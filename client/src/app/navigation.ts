import {
  CalendarOutlined,
  ContactsOutlined,
  CopyOutlined,
  CreditCardOutlined,
  FieldTimeOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  HistoryOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MessageOutlined,
  PhoneOutlined,
  ScheduleOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { Role } from "@sched/shared-types";
import type { ComponentType } from "react";
import { doesFieldWork, mayOpenScreen } from "../entities/company/screenAccess";

export type NavItem = { to: string; label: string; icon: ComponentType };

/*
 * The items are made when a bar is drawn, not when this module loads: the icons come from
 * a chunk this one may be evaluated before (a cycle between the frame's chunks), and an
 * item made then would have no icon (as in BellMenu.tsx).
 */

/** The technician's own day (docs/my-day.md). */
const myDayItem = (): NavItem => ({ to: "/my-day", label: "My Day", icon: ScheduleOutlined });

/** The main navigation, in the order docs/auth.md gives. */
const navItems = (): NavItem[] => [
  { to: "/schedule", label: "Schedule", icon: CalendarOutlined },
  { to: "/employees", label: "Employees", icon: IdcardOutlined },
  { to: "/templates", label: "Templates", icon: CopyOutlined },
  { to: "/history", label: "History", icon: HistoryOutlined },
  { to: "/chat", label: "Chat", icon: MessageOutlined },
  { to: "/calls", label: "Calls", icon: PhoneOutlined },
  { to: "/customers", label: "Customers", icon: ContactsOutlined },
  { to: "/quotes", label: "Quotes", icon: FileTextOutlined },
  { to: "/invoices", label: "Invoices", icon: FileDoneOutlined },
  { to: "/team", label: "Team", icon: TeamOutlined },
  { to: "/timesheets", label: "Timesheets", icon: FieldTimeOutlined },
  { to: "/numbers", label: "Numbers", icon: LineChartOutlined },
  { to: "/subscription", label: "Subscription", icon: CreditCardOutlined },
];

const itemsAt = (paths: readonly string[]) =>
  paths.flatMap((path) => navItems().filter((item) => item.to === path));

/** The office's phone bottom bar: six entries, in the order docs/auth.md gives. */
const MOBILE_PATHS = ["/schedule", "/employees", "/calls", "/history", "/chat", "/team"];

/**
 * Screens field work only ever finds refused or meaningless: templates (reading one plans
 * nothing) and the subscription (the owner's). They stay reachable by address; the
 * navigation just does not offer them (docs/my-day.md).
 */
const NOT_FOR_FIELD_WORK = new Set(["/templates", "/subscription"]);

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
    doesFieldWork(navigator.role) ? navItems().filter((item) => !NOT_FOR_FIELD_WORK.has(item.to)) : navItems()
  ).filter((item) => mayOpenScreen(navigator.role, item.to));
  return hasMyDay(navigator) ? [myDayItem(), ...items] : items;
}

/** The phone bottom bar for this member. */
export function mobileNavItemsFor(navigator: Navigator): NavItem[] {
  const items = itemsAt(doesFieldWork(navigator.role) ? FIELD_WORK_MOBILE_PATHS : MOBILE_PATHS).filter(
    (item) => mayOpenScreen(navigator.role, item.to),
  );
  return hasMyDay(navigator) ? [myDayItem(), ...items] : items;
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
