import { InitialsBadge } from "../../ui/InitialsBadge";
import { avatarHexOf } from "./avatarColors";

/** The round initials badge in the employee's colour (grey for a member on no roster). */
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
    <InitialsBadge
      text={initials}
      size={size}
      background={avatarHexOf(avatarColor)}
      className="employee-avatar"
    />
  );
}
