import { Avatar } from "antd";

/** The round badge with a company's first letter; "A" when there is no name (docs/auth.md). */
export function CompanyLetter({
  name,
  size = 36,
  testId,
}: {
  name?: string;
  size?: number;
  testId?: string;
}) {
  const letter = name?.trim().charAt(0).toUpperCase() || "A";
  return (
    <Avatar size={size} className="company-letter" data-testid={testId}>
      {letter}
    </Avatar>
  );
}
