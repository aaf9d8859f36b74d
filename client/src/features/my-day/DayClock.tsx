import { FieldTimeOutlined, LoginOutlined, LogoutOutlined } from "@ant-design/icons";
import { DEFAULT_COMPANY_SETTINGS, type TimesheetDTO, weekStartOf } from "@sched/shared-types";
import { Alert, Button, Card, Statistic } from "antd";
import { useFeedback } from "../../app/feedback";
import { errorMessage } from "../../lib/errorText";
import { useOutboxStore } from "../offline/outboxStore";
import { useCompanySettings } from "../settings/useSettings";
import { formatMinutes, timeOfDay, wallClock } from "../timesheets/time";
import { useTimeClock, useTimesheets } from "../timesheets/useTimesheets";

const KEPT_OFFLINE = "Saved on this phone. It will be sent when you are back online.";

/** The open entry of the week, if any: the day started and not ended yet. */
function openEntryOf(sheet: TimesheetDTO | undefined) {
  return sheet?.days.flatMap((day) => day.entries).find((entry) => entry.clockOut === null) ?? null;
}

type DayClockProps = { companyId: string; employeeId: string };

/**
 * "Start my day" / "End my day" and the hours so far (docs/timesheets.md): today's time on
 * jobs and between them, and the week's total. A tap made offline waits in the outbox and
 * already shows here.
 */
export function DayClock({ companyId, employeeId }: DayClockProps) {
  const { message, notification } = useFeedback();
  const timeZone = useCompanySettings(companyId).data?.timeZone ?? DEFAULT_COMPANY_SETTINGS.timeZone;
  const today = wallClock(new Date(), timeZone).slice(0, 10);
  const sheets = useTimesheets(companyId, weekStartOf(today), employeeId);
  const sheet = sheets.data?.find((candidate) => candidate.employeeId === employeeId);
  const clock = useTimeClock(companyId);
  const keptTaps = useOutboxStore((state) => state.changes).filter(
    (change) => change.kind === "clock" && change.companyId === companyId,
  );
  const lastKept = keptTaps.at(-1);
  const open = openEntryOf(sheet);
  const isClockedIn = lastKept?.kind === "clock" ? lastKept.action === "in" : open !== null;
  const todayHours = sheet?.days.find((day) => day.date === today);

  const tap = (action: "in" | "out") =>
    clock.mutate(action, {
      onSuccess: (outcome) => {
        if ("kept" in outcome) void message.info(KEPT_OFFLINE);
        else void message.success(action === "in" ? "Your day has started." : "Your day has ended.");
      },
      onError: (error) =>
        notification.error({ title: "Not saved", description: errorMessage(error, "Please try again.") }),
    });

  let since: string;
  if (lastKept?.kind === "clock")
    since = lastKept.action === "in" ? "Day started (waiting to send)" : "Day ended (waiting to send)";
  else if (open) since = `Day started at ${timeOfDay(open.clockIn, timeZone)}`;
  else since = "Not clocked in";

  return (
    <Card className="day-clock" size="small" data-testid="day-clock" data-clocked-in={isClockedIn}>
      <div className="day-clock__head">
        <FieldTimeOutlined aria-hidden />
        <span data-testid="day-clock-status">{since}</span>
      </div>
      {isClockedIn ? (
        <Button
          size="large"
          block
          icon={<LogoutOutlined aria-hidden />}
          loading={clock.isPending}
          onClick={() => tap("out")}
        >
          End my day
        </Button>
      ) : (
        <Button
          size="large"
          type="primary"
          block
          icon={<LoginOutlined aria-hidden />}
          loading={clock.isPending}
          onClick={() => tap("in")}
        >
          Start my day
        </Button>
      )}
      {sheets.isError ? (
        <Alert type="warning" showIcon title="Your hours could not be loaded" />
      ) : (
        <div className="day-clock__hours" data-testid="day-clock-hours">
          <Statistic title="Today" value={formatMinutes(todayHours?.workedMinutes ?? 0)} />
          <Statistic title="On jobs" value={formatMinutes(todayHours?.jobMinutes ?? 0)} />
          <Statistic title="Between jobs" value={formatMinutes(todayHours?.betweenMinutes ?? 0)} />
          <Statistic title="This week" value={formatMinutes(sheet?.totalMinutes ?? 0)} />
        </div>
      )}
    </Card>
  );
}
