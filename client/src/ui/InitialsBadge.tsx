/** The badge's look, inline so screens show it without any one screen's sheet. */
function initialsBadgeStyle(text: string, size: number, background: string) {
  return {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: `${size}px`,
    height: `${size}px`,
    borderRadius: "50%",
    flexShrink: "0",
    overflow: "hidden",
    whiteSpace: "nowrap",
    background,
    color: "#fff",
    fontWeight: "600",
    fontSize: `${Math.round(size * (text.length > 2 ? 0.32 : 0.42))}px`,
    lineHeight: "1",
    letterSpacing: "0.02em",
    userSelect: "none",
  } as const;
}

/**
 * A round badge with a few letters (an employee's initials, a company's first letter).
 * A plain element rather than antd's Avatar: that one measures its text after it is drawn
 * to fit it, forcing the browser to lay out the whole page each time, and the board draws
 * one per row; that cost the board's first paint over 100 ms (docs/schedule.md).
 * At most three letters, so a font size taken from the badge's size fits them.
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
