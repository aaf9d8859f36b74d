import { initialsBadgeStyle } from "./initialsBadgeStyle";

/**
 * A round badge with a few letters (an employee's initials, a company's first letter).
 * A plain element rather than antd's Avatar: that one measures its text after it is drawn
 * to fit it, forcing the browser to lay out the whole page each time, and the board draws
 * one per row; that cost the board's first paint over 100 ms (docs/schedule.md, "The first
 * paint"). At most three letters, so a font size taken from the badge's size fits them.
 */
export function InitialsBadge({
  text,
  size,
  background,
  className,
  testId,
}: {
  text: string;
  size: number;
  background: string;
  className?: string;
  testId?: string;
}) {
  const style = initialsBadgeStyle(text, size, background);
  return (
    <span className={className} style={style} data-testid={testId} aria-hidden>
      {text}
    </span>
  );
}
