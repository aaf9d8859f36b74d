import { Spin } from "antd";

/** Shown while a screen's code or its first data loads. */
export function PageSpinner() {
  return (
    <div className="page-spinner" role="status" aria-label="Loading">
      <Spin size="large" />
    </div>
  );
}
