/**
 * Shown while a screen's code or its first data loads. Plain markup, not antd's Spin: it
 * shows before antd is loaded, and on the sign-in page, which loads no antd.
 */
export function PageSpinner() {
  return (
    <div className="page-spinner" role="status" aria-label="Loading">
      <span className="page-spinner__dots" aria-hidden="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
