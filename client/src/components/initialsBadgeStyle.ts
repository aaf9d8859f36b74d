/**
 * The badge's look, inline so screens show it without any one screen's sheet; a module without
 * React: the board preview paints badges before React has loaded (src/early/boardPreview.ts).
 */
export function initialsBadgeStyle(text: string, size: number, background: string) {
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
