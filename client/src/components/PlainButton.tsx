import type { ButtonHTMLAttributes, ReactNode } from "react";

/** How a plain button looks, in antd's words (its `type`, `size`, `danger`, `block`). */
export type ButtonLook = {
  variant?: "default" | "primary" | "text" | "link";
  size?: "small" | "middle" | "large";
  danger?: boolean;
  block?: boolean;
  /** Only an icon: a square button (name it with aria-label). */
  iconOnly?: boolean;
};

/** The classes of a plain button (styles.css, "Plain controls"), for a button or a link. */
export function buttonClass(look: ButtonLook, className?: string): string {
  const { variant = "default", size = "middle", danger, block, iconOnly } = look;
  return [
    "plain-button",
    variant === "default" ? "" : `plain-button--${variant}`,
    size === "middle" ? "" : `plain-button--${size}`,
    danger ? "plain-button--danger" : "",
    block ? "plain-button--block" : "",
    iconOnly ? "plain-button--icon-only" : "",
    className ?? "",
  ]
    .filter(Boolean)
    .join(" ");
}

type PlainButtonProps = ButtonLook &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> & {
    icon?: ReactNode;
    /** Busy: a spinner in place of the icon, and clicks are ignored. */
    loading?: boolean;
    htmlType?: "button" | "submit";
  };

/**
 * A button drawn like antd's, in plain markup: the screens a technician opens first (the
 * frame, My Day) render no antd, which costs a phone's CPU on every render
 * (docs/performance.md).
 */
export function PlainButton(props: PlainButtonProps) {
  const {
    variant,
    size,
    danger,
    block,
    icon,
    loading,
    htmlType = "button",
    className,
    children,
    ...rest
  } = props;
  const iconOnly = children === undefined || children === null;
  return (
    <button
      {...rest}
      type={htmlType}
      className={buttonClass({ variant, size, danger, block, iconOnly }, className)}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : rest.onClick}
    >
      {loading ? <span className="plain-button__spinner" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
