import {
  CalendarOutlined,
  CopyOutlined,
  CreditCardOutlined,
  HistoryOutlined,
  IdcardOutlined,
  MessageOutlined,
  PhoneOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { ComponentType } from "react";

export type NavItem = { to: string; label: string; icon: ComponentType };

/** The main navigation, in SPEC order. */
export const NAV_ITEMS: NavItem[] = [
  { to: "/schedule", label: "Schedule", icon: CalendarOutlined },
  { to: "/employees", label: "Employees", icon: IdcardOutlined },
  { to: "/templates", label: "Templates", icon: CopyOutlined },
  { to: "/history", label: "History", icon: HistoryOutlined },
  { to: "/chat", label: "Chat", icon: MessageOutlined },
  { to: "/calls", label: "Calls", icon: PhoneOutlined },
  { to: "/team", label: "Team", icon: TeamOutlined },
  { to: "/subscription", label: "Subscription", icon: CreditCardOutlined },
];

const MOBILE_PATHS = ["/schedule", "/employees", "/calls", "/history", "/chat", "/team"];

/** The phone bottom bar: six entries, in SPEC order. */
export const MOBILE_NAV_ITEMS: NavItem[] = MOBILE_PATHS.map(
  (path) => NAV_ITEMS.find((item) => item.to === path)!,
);

/** Whether a nav link is the current screen; the root path counts as the schedule. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === "/schedule" && pathname === "/") return true;
  return pathname === to || pathname.startsWith(`${to}/`);
}
