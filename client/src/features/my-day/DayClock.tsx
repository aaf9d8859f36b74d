import { FieldTimeOutlined, LoginOutlined, LogoutOutlined } from "@ant-design/icons";
import { DEFAULT_COMPANY_SETTINGS, type TimesheetDTO, wallClock, weekStartOf } from "@sched/shared-types";
import { Alert, Button, Card } from "antd";
import { errorMessage } from "../../lib/errorText";
import { useOutboxStore } from "../../outbox/outboxStore";
import { useFeedback } from "../../ui/feedback";
import { useCompanySettings } from "../settings/useSettings";
import { dayEndedText, formatMinutes, shiftDayOf, timeOfDay } from "../timesheets/time";
import { useTimeClock, useTimesheets } from "../timesheets/useTimesheets";

const KEPT_OFFLINE = "Saved on this phone. It will be sent when you are back online.";

/** The open entry of the week, if any: the day started and not ended yet. */
function openEntryOf(sheet: TimesheetDTO | undefined) {
  return sheet?.days.flatMap((day) => day.entries).find((entry) => entry.clockOut === null) ?? null;
}

/** One figure of the hours so far, its name above it. */
function Hours({ title, minutes }: { title: string; minutes: number }) {
  return (
    <div className="day-clock__figure">
      <div className="day-clock__figure-title">{title}</div>
      <div className="day-clock__figure-value">{formatMinutes(minutes)}</div>
    </div>
  );
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
  const todayHours = shiftDayOf(sheet, today, timeZone);

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
  // Ended today (a night's shift too): when, and the hours it came to (the answer to "did it take?").
  else since = dayEndedText(todayHours, timeZone) ?? "Not clocked in";

  return (
    <Card
      size="small"
      className="day-clock"
      role="region"
      aria-label="My hours"
      data-testid="day-clock"
      data-clocked-in={isClockedIn}
    >
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
      {sheets.isError && !sheets.data ? (
        <Alert showIcon type="warning" title="Your hours could not be loaded" />
      ) : (
        <div className="day-clock__hours" data-testid="day-clock-hours">
          <Hours title="Today" minutes={todayHours?.workedMinutes ?? 0} />
          <Hours title="On jobs" minutes={todayHours?.jobMinutes ?? 0} />
          <Hours title="Between jobs" minutes={todayHours?.betweenMinutes ?? 0} />
          <Hours title="This week" minutes={sheet?.totalMinutes ?? 0} />
        </div>
      )}
    </Card>
  );
}
