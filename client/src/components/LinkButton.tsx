import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { useHref, useNavigate } from "react-router";
import { type ButtonLook, buttonClass } from "./PlainButton";

type LinkButtonProps = Omit<ButtonLook, "iconOnly"> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; icon?: ReactNode };

/**
 * A link that looks like a button (PlainButton's look): a real link (href, opens in a new
 * tab) that navigates inside the app.
 */
export function LinkButton({
  to,
  variant,
  size,
  danger,
  block,
  icon,
  className,
  children,
  ...rest
}: LinkButtonProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(event);
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  const iconOnly = children === undefined || children === null;
  return (
    <a
      {...rest}
      href={href}
      onClick={onClick}
      className={buttonClass({ variant, size, danger, block, iconOnly }, className)}
    >
      {icon}
      {children}
    </a>
  );
}
