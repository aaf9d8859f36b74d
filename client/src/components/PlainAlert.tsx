import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from "@ant-design/icons";
import type { ReactNode } from "react";

type AlertType = "success" | "info" | "warning" | "error";

const ICONS: Record<AlertType, ReactNode> = {
  success: <CheckCircleFilled />,
  info: <InfoCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};

type PlainAlertProps = {
  type: AlertType;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the end (below the text on a narrow screen). */
  action?: ReactNode;
  className?: string;
  "data-testid"?: string;
};

/**
 * A message box drawn like antd's Alert with its icon, in plain markup like PlainButton;
 * announced to screen readers as antd's is (role="alert").
 */
export function PlainAlert({ type, title, description, action, className, ...rest }: PlainAlertProps) {
  const classes = ["plain-alert", `plain-alert--${type}`, description ? "plain-alert--with-description" : ""];
  if (className) classes.push(className);
  return (
    <div {...rest} role="alert" className={classes.filter(Boolean).join(" ")}>
      <span className="plain-alert__icon" aria-hidden="true">
        {ICONS[type]}
      </span>
      <div className="plain-alert__content">
        <div className="plain-alert__title">{title}</div>
        {description ? <div className="plain-alert__description">{description}</div> : null}
      </div>
      {action ? <div className="plain-alert__action">{action}</div> : null}
    </div>
  );
}
