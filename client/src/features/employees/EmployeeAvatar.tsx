import { Avatar } from "antd";
import { AVATAR_HEX, avatarColorOf } from "./avatarColors";

/** The round initials badge in the employee's colour. Styled inline: the board shows it without this screen's sheet. */
export function EmployeeAvatar({
  initials,
  avatarColor,
  size = 48,
}: {
  initials: string;
  avatarColor: string;
  size?: number;
}) {
  return (
    <Avatar
      size={size}
      className="employee-avatar"
      style={{
        flexShrink: 0,
        background: AVATAR_HEX[avatarColorOf(avatarColor)],
        color: "#fff",
        fontWeight: 600,
        letterSpacing: "0.02em",
      }}
      aria-hidden
    >
      {initials}
    </Avatar>
  );
}
