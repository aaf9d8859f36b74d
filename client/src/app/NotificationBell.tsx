import {
  BellOutlined,
  CheckCircleOutlined,
  CreditCardOutlined,
  PlusCircleOutlined,
  SwapOutlined,
  UserAddOutlined,
} from "@ant-design/icons";
import type { NotificationDTO } from "@sched/shared-types";
import { Badge, Button, Dropdown, Spin } from "antd";
import dayjs from "dayjs";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useCurrentCompany } from "../features/company/useCompanies";
import { useMarkNotificationsRead, useNotifications } from "./useNotifications";
import "./notification-bell.css";

/** What each kind of entry looks like and which screen it leads to. */
const KINDS: Record<string, { icon: ReactNode; path: string }> = {
  "job.created": { icon: <PlusCircleOutlined />, path: "/schedule" },
  "job.moved": { icon: <SwapOutlined />, path: "/schedule" },
  "job.completed": { icon: <CheckCircleOutlined />, path: "/schedule" },
  "member.joined": { icon: <UserAddOutlined />, path: "/team" },
  "payment.updated": { icon: <CreditCardOutlined />, path: "/subscription" },
};
const FALLBACK_KIND = { icon: <BellOutlined />, path: "/schedule" };

/** "just now", "5 min ago", "3 h ago", then the date. */
function ago(createdAt: string): string {
  const minutes = dayjs().diff(dayjs(createdAt), "minute");
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return dayjs(createdAt).format("MMM D");
}

function NotificationItem({ item, onOpen }: { item: NotificationDTO; onOpen: (path: string) => void }) {
  const kind = KINDS[item.kind] ?? FALLBACK_KIND;
  return (
    <li>
      <button
        type="button"
        className={`bell-item bell-item--${item.kind.replace(".", "-")}${item.isRead ? "" : " is-unread"}`}
        data-testid="notification-item"
        data-read={item.isRead}
        onClick={() => onOpen(kind.path)}
      >
        <span className="bell-item__icon" aria-hidden>
          {kind.icon}
        </span>
        <span className="bell-item__text">
          <span className="bell-item__title">{item.title}</span>
          {item.detail ? <span className="bell-item__detail">{item.detail}</span> : null}
          <time className="bell-item__time" dateTime={item.createdAt}>
            {ago(item.createdAt)}
          </time>
        </span>
        {item.isRead ? null : <span className="bell-item__dot" role="img" aria-label="Unread" />}
      </button>
    </li>
  );
}

/**
 * The header bell (SPEC gives it no behaviour; docs/realtime.md gives it one): the latest
 * news of the selected company that matters to this user, with an unread count, live.
 */
export function NotificationBell() {
  const { companyId } = useCurrentCompany();
  const { notifications, unreadCount, isPending, isError } = useNotifications(companyId);
  const markRead = useMarkNotificationsRead(companyId);
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);

  const open = (path: string) => {
    setIsOpen(false);
    void navigate(path);
  };

  const body = !companyId ? (
    <div className="bell-panel__empty">Choose a company to see its notifications</div>
  ) : isPending ? (
    <div className="bell-panel__empty">
      <Spin size="small" />
    </div>
  ) : isError ? (
    <div className="bell-panel__empty">Notifications could not be loaded</div>
  ) : notifications.length === 0 ? (
    <div className="bell-panel__empty">No notifications yet</div>
  ) : (
    <ul className="bell-panel__list">
      {notifications.map((item) => (
        <NotificationItem key={item.id} item={item} onOpen={open} />
      ))}
    </ul>
  );

  return (
    <Dropdown
      trigger={["click"]}
      placement="bottom"
      open={isOpen}
      onOpenChange={setIsOpen}
      popupRender={() => (
        <div className="bell-panel" data-testid="notification-panel">
          <div className="bell-panel__head">
            <span className="bell-panel__title">Notifications</span>
            {unreadCount > 0 ? (
              <Button type="link" size="small" onClick={() => markRead.mutate()} loading={markRead.isPending}>
                Mark all as read
              </Button>
            ) : null}
          </div>
          {body}
        </div>
      )}
    >
      <Button
        data-testid="notification-bell"
        aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications"}
        icon={
          <Badge count={unreadCount} size="small" data-testid="notification-count">
            <BellOutlined />
          </Badge>
        }
      />
    </Dropdown>
  );
}
