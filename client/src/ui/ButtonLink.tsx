import { Button, type ButtonProps } from "antd";
import type { MouseEvent } from "react";
import { useHref, useNavigate } from "react-router";

type ButtonLinkProps = Omit<ButtonProps, "href" | "htmlType"> & { to: string };

/**
 * antd's Button as a link to a screen of the app: a real link (its address shows, it opens
 * in a new tab with a modifier key or the middle button) that a plain click follows inside
 * the app, without loading the page again.
 */
export function ButtonLink({ to, onClick, ...rest }: ButtonLinkProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  const follow = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...rest} href={href} onClick={follow} />;
}
