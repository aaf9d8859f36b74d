import { Avatar } from "antd";
import { avatarHexOf } from "./avatarColors";

/** The round initials badge in the employee's colour (grey for a member on no roster). Styled inline: the board shows it without this screen's sheet. */
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
        background: avatarHexOf(avatarColor),
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
