import type { HTMLAttributes } from "react";

export type TagColor = "default" | "green" | "blue" | "red" | "gold";

/** A tag drawn like antd's (styles.css, "Plain controls"), in plain markup like PlainButton. */
export function PlainTag({
  color = "default",
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { color?: TagColor }) {
  return <span {...rest} className={`plain-tag plain-tag--${color}${className ? ` ${className}` : ""}`} />;
}
