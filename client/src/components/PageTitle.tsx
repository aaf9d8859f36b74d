import { useEffect } from "react";

type PageTitleProps = { title: string; subtitle?: string };

/** A screen's heading; also names the browser tab. */
export function PageTitle({ title, subtitle }: PageTitleProps) {
  useEffect(() => {
    document.title = `${title} · Scheduler`;
  }, [title]);
  return (
    <div className="page-title">
      <h1>{title}</h1>
      {subtitle ? <p>{subtitle}</p> : null}
    </div>
  );
}
