import { AppstoreAddOutlined, DownloadOutlined, PrinterOutlined } from "@ant-design/icons";
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useFeedback } from "../../ui/feedback";
import { buildScheduleCsv, downloadCsv, scheduleCsvFilename } from "./csv";
import { buildPrintHtml, openPrintWindow } from "./print";

// Loaded when the card is used: most visits never open it.
const TemplatePicker = lazy(() =>
  import("./TemplatePicker").then((module) => ({ default: module.TemplatePicker })),
);

type ActionCardsProps = {
  companyId: string;
  companyName: string;
  weekStart: string;
  jobs: JobDTO[];
  /** Everyone, for names in the export (a job may belong to someone no longer active). */
  allEmployees: EmployeeDTO[];
  /** The board's rows, for the printed grid. */
  activeEmployees: EmployeeDTO[];
  canManage: boolean;
};

function ActionCard({
  icon,
  title,
  text,
  onClick,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <button type="button" className="action-card" onClick={onClick} data-testid={testId}>
      <span className="action-card__icon">{icon}</span>
      <span className="action-card__text">
        <span className="action-card__title">{title}</span>
        <span className="action-card__desc">{text}</span>
      </span>
    </button>
  );
}

/** Quick Templates, Export Schedule and Print Schedule (docs/schedule.md). */
export function ActionCards(props: ActionCardsProps) {
  const { companyId, companyName, weekStart, jobs, allEmployees, activeEmployees, canManage } = props;
  const { notification } = useFeedback();
  const [isPickingTemplate, setIsPickingTemplate] = useState(false);

  const exportWeek = () => {
    downloadCsv(scheduleCsvFilename(weekStart), buildScheduleCsv(jobs, allEmployees, weekStart));
    notification.success({ title: "Schedule exported" });
  };

  const printWeek = () => {
    // The board's rows, and an Inactive row naming everyone else's jobs (docs/schedule.md).
    const html = buildPrintHtml(jobs, activeEmployees, weekStart, companyName, allEmployees);
    if (openPrintWindow(html)) notification.success({ title: "Print window opened" });
    else
      notification.error({
        title: "Error",
        description: "Allow pop-ups for this site to print the schedule.",
      });
  };

  return (
    <section className="action-cards" aria-label="Schedule actions">
      {canManage ? (
        <ActionCard
          icon={<AppstoreAddOutlined aria-hidden />}
          title="Quick Templates"
          text="Apply a saved week to this one"
          onClick={() => setIsPickingTemplate(true)}
          testId="action-templates"
        />
      ) : null}
      <ActionCard
        icon={<DownloadOutlined aria-hidden />}
        title="Export Schedule"
        text="Download this week (7 days) as CSV"
        onClick={exportWeek}
        testId="action-export"
      />
      <ActionCard
        icon={<PrinterOutlined aria-hidden />}
        title="Print Schedule"
        text="Open a print-ready page of this week"
        onClick={printWeek}
        testId="action-print"
      />
      {isPickingTemplate ? (
        <Suspense fallback={null}>
          <TemplatePicker
            open
            companyId={companyId}
            weekStart={weekStart}
            onClose={() => setIsPickingTemplate(false)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
