import {
  CheckOutlined,
  DownloadOutlined,
  LeftOutlined,
  PrinterOutlined,
  RightOutlined,
  UndoOutlined,
} from "@ant-design/icons";
import {
  addDays,
  DEFAULT_COMPANY_SETTINGS,
  isCalendarDate,
  TIMESHEET_FLAG_WORDS,
  type TimesheetDTO,
  type TimesheetFlag,
  wallClock,
  weekStartOf,
} from "@sched/shared-types";
import { Alert, Button, Card, Empty, Popconfirm, Space, Spin, Table, Tag } from "antd";
import { type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { formatDay, weekRangeLabel } from "../../lib/dates";
import { errorMessage } from "../../lib/errorText";
import { useFeedback } from "../../ui/feedback";
import { useCompanySettings } from "../settings/useSettings";
import { type EditedEntry, EntryDialog } from "./EntryDialog";
import { formatMinutes, timeOfDay } from "./time";
import { timesheetCsvUrl, useTimesheets, useWeekAction } from "./useTimesheets";
import "./timesheets.css";

const FLAG_COLORS: Record<TimesheetFlag, string> = {
  no_clock_out: "red",
  job_outside_clock: "gold",
  edited: "blue",
  long_day: "orange",
};

type Day = TimesheetDTO["days"][number];

/** What approving does, said before it is done (docs/timesheets.md). */
const LOCKED_TEXT = "Clock taps and corrections in the week are refused until the owner reopens it.";

/** "Ann, Bob and Cy"; past five names, "… and 4 more" (the confirmation stays short). */
function peopleText(names: string[]): string {
  if (names.length <= 1) return names.join("");
  const shown = names.length > 5 ? names.slice(0, 5) : names.slice(0, -1);
  const rest = names.length > 5 ? `${names.length - 5} more` : names.at(-1);
  return `${shown.join(", ")} and ${rest}`;
}

/** The office's week of hours per person (docs/timesheets.md): fix the flags, approve, export. */
export default function TimesheetsPage() {
  const { companyId } = useCurrentCompany();
  if (!companyId) return null;
  return <Timesheets companyId={companyId} />;
}

function Timesheets({ companyId }: { companyId: string }) {
  const { notification } = useFeedback();
  const settings = useCompanySettings(companyId).data ?? DEFAULT_COMPANY_SETTINGS;
  const { timeZone } = settings;
  // `?week=` names a Monday (a link to a week); else this week in the company's time zone.
  const [params, setParams] = useSearchParams();
  const thisWeek = weekStartOf(wallClock(new Date(), timeZone).slice(0, 10));
  const asked = params.get("week");
  const weekStart = asked && isCalendarDate(asked) && weekStartOf(asked) === asked ? asked : thisWeek;
  const setWeekStart = (week: string) => setParams(week === thisWeek ? {} : { week }, { replace: true });
  const sheets = useTimesheets(companyId, weekStart);
  const canManage = useCan("manageTimesheets");
  const canReopen = useCan("reopenTimesheets");
  const approve = useWeekAction("approve");
  const reopen = useWeekAction("reopen");
  const [edited, setEdited] = useState<EditedEntry | null>(null);

  const weekAction = (action: typeof approve, sheet: TimesheetDTO, done: string) =>
    action.mutateAsync({ companyId, weekStart, employeeId: sheet.employeeId, version: sheet.version }).then(
      () => notification.success({ title: `${sheet.employeeName}: ${done}` }),
      (error) =>
        notification.error({ title: "Not saved", description: errorMessage(error, "Please try again.") }),
    );
  const open = (sheets.data ?? []).filter((sheet) => sheet.status === "open" && sheet.totalMinutes > 0);
  const weekText = weekRangeLabel(weekStart, 7);
  const approveAll = async () => {
    for (const sheet of open) await weekAction(approve, sheet, "week approved");
  };

  const columns = (sheet: TimesheetDTO) => [
    {
      title: "Day",
      key: "date",
      render: (_: unknown, day: Day) => formatDay(day.date),
    },
    {
      title: "Clocked",
      key: "entries",
      render: (_: unknown, day: Day) => (
        <Space wrap size={4}>
          {day.entries.map((entry) => {
            const times = `${timeOfDay(entry.clockIn, timeZone)} – ${entry.clockOut ? timeOfDay(entry.clockOut, timeZone) : "?"}`;
            // A link-styled button: the times read as something to click, and say what it does.
            const verb = canManage && sheet.status !== "approved" ? "Correct" : "History of";
            return (
              <Button
                key={entry.id}
                type="link"
                size="small"
                className="timesheets__entry"
                aria-label={`${verb} ${formatDay(day.date)}: ${times}`}
                data-testid="timesheet-entry"
                onClick={() =>
                  setEdited({
                    ...entry,
                    employeeName: sheet.employeeName,
                    isLocked: sheet.status === "approved",
                  })
                }
              >
                {times}
              </Button>
            );
          })}
        </Space>
      ),
    },
    { title: "Worked", key: "worked", render: (_: unknown, day: Day) => formatMinutes(day.workedMinutes) },
    { title: "On jobs", key: "jobs", render: (_: unknown, day: Day) => formatMinutes(day.jobMinutes) },
    { title: "Between", key: "between", render: (_: unknown, day: Day) => formatMinutes(day.betweenMinutes) },
    {
      title: "Flags",
      key: "flags",
      render: (_: unknown, day: Day) =>
        day.flags.map((flag) => (
          <Tag
            key={flag}
            color={FLAG_COLORS[flag]}
            data-testid={`flag-${flag}`}
            title={flag === "long_day" ? `Over ${formatMinutes(settings.longDayMinutes)} worked` : undefined}
          >
            {TIMESHEET_FLAG_WORDS[flag]}
          </Tag>
        )),
    },
  ];

  let body: ReactNode;
  if (sheets.isPending) {
    body = (
      <div className="timesheets__loading">
        <Spin size="large" />
      </div>
    );
  } else if (sheets.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title="The timesheets could not be loaded"
        description={errorMessage(sheets.error, "Please try again.")}
        action={<Button onClick={() => void sheets.refetch()}>Retry</Button>}
      />
    );
  } else if (sheets.data.length === 0) {
    body = <Empty description="No one on the roster yet" />;
  } else {
    body = sheets.data.map((sheet) => {
      const days = sheet.days.filter((day) => day.entries.length > 0 || day.flags.length > 0);
      const isApproved = sheet.status === "approved";
      return (
        <Card
          key={sheet.employeeId}
          className="timesheets__person"
          data-testid="timesheet"
          data-employee-id={sheet.employeeId}
          data-status={sheet.status}
          title={
            <span>
              {sheet.employeeName}{" "}
              <Tag color={isApproved ? "green" : "default"} data-testid="timesheet-status">
                {isApproved ? "Approved" : "Open"}
              </Tag>
            </span>
          }
          extra={
            <Space className="timesheets__no-print">
              {canManage && !isApproved ? (
                <Popconfirm
                  title={`Approve ${sheet.employeeName}'s week of ${weekText}?`}
                  description={LOCKED_TEXT}
                  okText="Approve"
                  onConfirm={() => weekAction(approve, sheet, "week approved")}
                >
                  <Button
                    icon={<CheckOutlined aria-hidden />}
                    loading={approve.isPending && approve.variables?.employeeId === sheet.employeeId}
                  >
                    Approve
                  </Button>
                </Popconfirm>
              ) : null}
              {canReopen && isApproved ? (
                <Button
                  icon={<UndoOutlined aria-hidden />}
                  onClick={() => void weekAction(reopen, sheet, "week reopened")}
                >
                  Reopen
                </Button>
              ) : null}
            </Space>
          }
        >
          {days.length === 0 ? (
            <p className="timesheets__none">No hours this week</p>
          ) : (
            <Table<Day>
              size="small"
              rowKey="date"
              pagination={false}
              scroll={{ x: "max-content" }}
              dataSource={days}
              columns={columns(sheet)}
            />
          )}
          <div className="timesheets__totals" data-testid="timesheet-totals">
            <span>
              Total <strong>{formatMinutes(sheet.totalMinutes)}</strong>
            </span>
            <span>
              On jobs{" "}
              <strong>{formatMinutes(sheet.days.reduce((sum, day) => sum + day.jobMinutes, 0))}</strong>
            </span>
            <span>
              Between{" "}
              <strong>{formatMinutes(sheet.days.reduce((sum, day) => sum + day.betweenMinutes, 0))}</strong>
            </span>
            <span>
              Overtime{" "}
              <strong data-testid="timesheet-overtime">{formatMinutes(sheet.overtimeMinutes)}</strong>
              {sheet.overtimeMinutes > 0
                ? ` (${formatMinutes(sheet.dailyOvertimeMinutes)} daily, ${formatMinutes(sheet.weeklyOvertimeMinutes)} weekly)`
                : null}
            </span>
          </div>
        </Card>
      );
    });
  }

  const overtimeRule = `Overtime after ${formatMinutes(settings.overtimeWeeklyMinutes)} a week${
    settings.overtimeDailyMinutes ? ` or ${formatMinutes(settings.overtimeDailyMinutes)} a day` : ""
  }. A day over ${formatMinutes(settings.longDayMinutes)} is flagged ${TIMESHEET_FLAG_WORDS.long_day}.`;

  return (
    <div className="timesheets">
      <PageTitle title="Timesheets" subtitle={weekText} />
      <div className="timesheets__toolbar timesheets__no-print">
        <Space wrap>
          <Button
            aria-label="Previous week"
            icon={<LeftOutlined />}
            onClick={() => setWeekStart(addDays(weekStart, -7))}
          />
          <Button onClick={() => setWeekStart(thisWeek)}>This week</Button>
          <Button
            aria-label="Next week"
            icon={<RightOutlined />}
            onClick={() => setWeekStart(addDays(weekStart, 7))}
          />
        </Space>
        <Space wrap>
          {canManage && open.length > 0 ? (
            <Popconfirm
              title={`Approve the week of ${weekText} for ${peopleText(open.map((sheet) => sheet.employeeName))}?`}
              description={LOCKED_TEXT}
              okText="Approve"
              onConfirm={approveAll}
            >
              <Button icon={<CheckOutlined aria-hidden />} loading={approve.isPending}>
                Approve all
              </Button>
            </Popconfirm>
          ) : null}
          <Button
            icon={<DownloadOutlined aria-hidden />}
            href={timesheetCsvUrl(companyId, weekStart)}
            data-testid="timesheets-csv"
          >
            Download CSV
          </Button>
          <Button icon={<PrinterOutlined aria-hidden />} onClick={() => window.print()}>
            Print
          </Button>
        </Space>
      </div>
      <p className="timesheets__rule">
        {overtimeRule} Times in {timeZone}.
      </p>
      <div className={sheets.isPlaceholderData ? "timesheets__list is-stale" : "timesheets__list"}>
        {body}
      </div>
      <EntryDialog
        entry={edited}
        timeZone={timeZone}
        canCorrect={canManage}
        onClose={() => setEdited(null)}
      />
    </div>
  );
}
