import { InitialsBadge } from "../ui/InitialsBadge";

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
    <InitialsBadge
      text={letter}
      size={size}
      background="var(--ant-color-primary, #1d4ed8)"
      className="company-letter"
      testId={testId}
    />
  );
}
