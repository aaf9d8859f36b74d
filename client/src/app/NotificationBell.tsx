import { BellOutlined } from "@ant-design/icons";
import { Badge, Button, Dropdown } from "antd";

/** The header bell and its dropdown. */
export function NotificationBell() {
  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      popupRender={() => (
        <div className="bell-panel" data-testid="notification-panel">
          <div className="bell-panel__title">Notifications</div>
          <div className="bell-panel__empty">No notifications yet</div>
        </div>
      )}
    >
      <Button
        data-testid="notification-bell"
        aria-label="Notifications"
        icon={
          <Badge count={0} size="small">
            <BellOutlined />
          </Badge>
        }
      />
    </Dropdown>
  );
}
