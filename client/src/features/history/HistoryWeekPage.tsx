import { ArrowLeftOutlined, DownloadOutlined } from "@ant-design/icons";
import { EXPORT_DAYS } from "@sched/shared-types";
import { Alert, Button, Result, Skeleton } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { useParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { toISODate, weekRangeLabel, weekStart } from "../../lib/dates";
import { WeekGrid } from "../schedule/WeekGrid";
import { ArchiveBadge, weekTitle } from "./HistoryCard";
import { useExportWeek } from "./useExportWeek";
import { historyRows, useAllEmployees, useWeekJobsExact } from "./useWeekData";
import { useWeeklySchedules } from "./useWeeklySchedules";
// The board's sheet styles WeekGrid; the schedule page loads it too, and this page may be opened first.
import "../schedule/schedule.css";
import "./history.css";
import { ButtonLink } from "../../ui/ButtonLink";

/** The Monday of the week a /history/:weekStart address names, or null when it names no date. */
function mondayOf(param: string | undefined): string | null {
  if (!param || !/^\d{4}-\d{2}-\d{2}$/.test(param)) return null;
  const date = dayjs(param);
  // dayjs rolls 2026-02-30 over to March: a date that does not format back is not a date.
  return date.isValid() && toISODate(date) === param ? toISODate(weekStart(date)) : null;
}

/** History's View: one week of the board, read-only (no adding, moving or editing). */
export default function HistoryWeekPage() {
  const { companyId } = useCurrentCompany();
  const monday = mondayOf(useParams().weekStart);
  if (!companyId || !monday) {
    return (
      <Result
        status="404"
        title="No such week"
        extra={
          <ButtonLink to="/history" type="primary">
            Back to History
          </ButtonLink>
        }
      />
    );
  }
  return <HistoryWeek companyId={companyId} monday={monday} />;
}

function HistoryWeek({ companyId, monday }: { companyId: string; monday: string }) {
  const weeks = useWeeklySchedules(companyId);
  const jobs = useWeekJobsExact(companyId, monday);
  const employees = useAllEmployees(companyId);
  const exportWeek = useExportWeek(companyId);
  const week = weeks.data?.find((candidate) => candidate.weekStartDate === monday);
  const rows = useMemo(() => historyRows(employees.data ?? [], jobs.data ?? []), [employees.data, jobs.data]);
  const title = week ? weekTitle(week) : weekTitle({ name: "", weekStartDate: monday });
  const isLoading = weeks.isPending || jobs.isPending || employees.isPending;
  const isError = jobs.isError || employees.isError;

  return (
    <div className="history-week" data-testid="history-week">
      <div className="history-week__bar">
        <div>
          <div className="history-week__heading">
            <PageTitle title={title} />
            {week ? <ArchiveBadge isArchived={week.isArchived} /> : null}
          </div>
          <div className="history-card__range">{weekRangeLabel(monday, EXPORT_DAYS)}</div>
        </div>
        <div className="history-week__actions">
          <ButtonLink to="/history" icon={<ArrowLeftOutlined aria-hidden />}>
            Back to History
          </ButtonLink>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exportWeek.exportingWeek === monday}
            onClick={() => void exportWeek.run(monday)}
          >
            Export
          </Button>
        </div>
      </div>
      <Alert
        className="history-week__note"
        type="info"
        showIcon
        title="Read-only: this week as it was planned. Changes are made on the Schedule."
      />
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : isError ? (
        <Result
          status="warning"
          title="This week could not be loaded"
          extra={
            <Button
              onClick={() => {
                void jobs.refetch();
                void employees.refetch();
              }}
            >
              Try again
            </Button>
          }
        />
      ) : (
        <WeekGrid
          weekStart={monday}
          employees={rows}
          everyone={employees.data}
          jobs={jobs.data ?? []}
          readOnly
        />
      )}
    </div>
  );
}
