import { BellOutlined } from "@ant-design/icons";
import { Button } from "antd";
import type { Ref } from "react";
import "./notification-bell.css";

type BellButtonProps = {
  unreadCount: number;
  ref?: Ref<HTMLButtonElement>;
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
};

/** The bell itself, with the unread count on it. */
export function BellButton({ unreadCount, ...rest }: BellButtonProps) {
  return (
    <Button
      {...rest}
      data-testid="notification-bell"
      aria-label={unreadCount > 0 ? `Notifications, ${unreadCount} unread` : "Notifications"}
      icon={
        <span className="bell-badge" data-testid="notification-count">
          <BellOutlined aria-hidden />
          {unreadCount > 0 ? (
            <sup className="bell-badge__count" aria-hidden>
              {unreadCount > 99 ? "99+" : unreadCount}
            </sup>
          ) : null}
        </span>
      }
    />
  );
}
