import { Button, type ButtonProps } from "antd";
import type { MouseEvent } from "react";
import { useHref, useNavigate } from "react-router";

type LinkButtonProps = Omit<ButtonProps, "href" | "onClick"> & { to: string };

/** An antd button that is a real link (href, opens in a new tab) but navigates inside the app. */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  const navigate = useNavigate();
  const href = useHref(to);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={href} onClick={onClick} />;
}
