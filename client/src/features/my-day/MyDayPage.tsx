import { CoffeeOutlined, TeamOutlined } from "@ant-design/icons";
import { can, type EmployeeDTO } from "@sched/shared-types";
import { Alert, Button } from "antd";
import dayjs from "dayjs";
import { type ReactNode, useDeferredValue, useEffect } from "react";
import { useSearchParams } from "react-router";
import { LazyResult } from "../../components/LazyResult";
import { PageSpinner } from "../../components/PageSpinner";
import { PageTitle } from "../../components/PageTitle";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { useBoardSettings } from "../../entities/company/workingDays";
import { withWarnings } from "../../entities/job/conflictMarks";
import { toISODate, weekStart } from "../../lib/dates";
import { errorMessage } from "../../lib/errorText";
import { keptRestoredAt } from "../../lib/keptQueries";
import { useRecordPhoneView } from "../first-run/firstRunMarks";
import { OfflineIndicator } from "../offline/OfflineIndicator";
import { MyTimeOff, offOn, useMyTimeOff, YoureOff } from "../time-off/MyTimeOff";
import { CalendarFeed } from "./CalendarFeed";
import { DayClock } from "./DayClock";
import { MyJobCard } from "./MyJobCard";
import { MyStops } from "./MyStops";
import { updatedAgo } from "./myWeek";
import { SharePosition } from "./SharePosition";
import { jobsOfDay, nextJob, useMyWeekJobs, usePrefetchNextWeek } from "./useMyDay";
import { usePrefetchJobMoney } from "./usePrefetchJobMoney";
import { WeekStrip } from "./WeekStrip";
import "./my-day.css";
import { ButtonLink } from "../../ui/ButtonLink";

const TITLE = "My Day";
const NO_EMPLOYEES: EmployeeDTO[] = [];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The linked member's own jobs, a day at a time, for the phone in a van (docs/my-day.md). */
export default function MyDayPage() {
  const { company, role } = useCurrentCompany();
  useRecordPhoneView();
  if (!company || !role) return null;
  if (!company.employeeId) {
    return (
      <div className="my-day">
        <PageTitle title={TITLE} />
        <LazyResult
          status="info"
          icon={<TeamOutlined />}
          title="Your account is not linked to a roster employee yet."
          subTitle="Ask an owner or admin to link you on the Team screen."
          data-testid="my-day-not-linked"
          extra={
            can(role, "manageTeam") ? (
              <ButtonLink to="/team" type="primary">
                Open the Team screen
              </ButtonLink>
            ) : null
          }
        />
      </div>
    );
  }
  return <MyDay companyId={company.id} employeeId={company.employeeId} />;
}

/** `?day=` when it is a date, else today; `?job=` singles out a job (the bell's links). */
function useDayParams() {
  const [params, setParams] = useSearchParams();
  const today = toISODate(dayjs());
  const requested = params.get("day");
  const day = requested && ISO_DATE.test(requested) && dayjs(requested).isValid() ? requested : today;
  const setDay = (date: string) => setParams(date === today ? {} : { day: date }, { replace: true });
  return { day, today, focusedJobId: params.get("job"), setDay };
}

function MyDay({ companyId, employeeId }: { companyId: string; employeeId: string }) {
  const { day, today, focusedJobId, setDay } = useDayParams();
  const monday = toISODate(weekStart(day));
  const jobsQuery = useMyWeekJobs(companyId, employeeId, monday);
  // Today and the next 7 days open offline too: the next week is fetched once, and kept (docs/offline.md).
  usePrefetchNextWeek(companyId, employeeId, toISODate(weekStart(today)));
  // The week's arrival draws the day's cards in a background render, in slices, not in one
  // block as the query's update alone would (docs/performance.md).
  const weekJobsData = useDeferredValue(jobsQuery.data);
  const isLoadingJobs = weekJobsData === undefined && !jobsQuery.isError;
  // What sits under the list (stops, time off, settings) is drawn in the render after the
  // jobs', so the kept jobs reach the screen first (docs/performance.md).
  const showsBelowList = useDeferredValue(!isLoadingJobs, false);
  const weekJobs = weekJobsData ?? [];
  // The items panel and the price book, kept for offline once the day is drawn (docs/offline.md).
  usePrefetchJobMoney(companyId, !isLoadingJobs);
  // A job whose warnings an event took (a neighbour moved) gets them from the same engine:
  // the travel warnings its card shows (FieldWarnings.tsx, docs/my-day.md).
  const settings = useBoardSettings(companyId);
  const dayJobs = withWarnings(jobsOfDay(weekJobs, employeeId, day), settings, NO_EMPLOYEES);
  const next = day === today ? nextJob(dayJobs) : null;
  // One's own time off: "You're off", the requests and their state (docs/time-off.md).
  const timeOff = useMyTimeOff(companyId, employeeId, today);
  const dayOff = offOn(timeOff.list, employeeId, day);

  // A job a link singles out is scrolled into view once it is listed.
  const isFocusedListed = dayJobs.some((job) => job.id === focusedJobId);
  useEffect(() => {
    if (!focusedJobId || !isFocusedListed) return;
    document.querySelector(`[data-job-id="${focusedJobId}"]`)?.scrollIntoView({ block: "center" });
  }, [focusedJobId, isFocusedListed]);

  const dayLabel = dayjs(day).format("dddd, MMMM D");
  // Drawn from what the phone kept and not refreshed yet (offline, a slow network): how old.
  const restoredAt = keptRestoredAt();
  const keptAt = jobsQuery.dataUpdatedAt;
  const isKept = restoredAt > 0 && keptAt > 0 && keptAt < restoredAt && !jobsQuery.isPlaceholderData;
  let list: ReactNode;
  if (isLoadingJobs) {
    list = (
      <div className="my-day__loading" data-testid="my-day-loading">
        <PageSpinner />
      </div>
    );
  } else if (jobsQuery.isError && weekJobsData === undefined) {
    list = (
      <Alert
        showIcon
        type="error"
        title="Your jobs could not be loaded"
        description={errorMessage(jobsQuery.error, "Please try again.")}
        action={<Button onClick={() => void jobsQuery.refetch()}>Retry</Button>}
      />
    );
  } else if (dayJobs.length === 0) {
    list = (
      <div className="my-day__empty" data-testid="my-day-empty">
        <CoffeeOutlined className="my-day__empty-icon" aria-hidden />
        <p>{day === today ? "No jobs today" : "No jobs this day"}</p>
      </div>
    );
  } else {
    list = (
      <div className="my-day__jobs">
        {dayJobs.map((job) => (
          <MyJobCard
            key={job.id}
            job={job}
            isNext={job.id === next?.id}
            isFocused={job.id === focusedJobId}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="my-day">
      <PageTitle title={TITLE} subtitle={day === today ? `Today, ${dayLabel}` : dayLabel} />
      {/* Beside the title, out of the flow: its going moves nothing (nor makes a new largest paint). */}
      {isKept ? (
        <span className="my-day__kept" data-testid="my-day-kept">
          {updatedAgo(keptAt, Date.now())}
        </span>
      ) : null}
      <OfflineIndicator />
      <DayClock companyId={companyId} employeeId={employeeId} />
      <WeekStrip monday={monday} day={day} today={today} jobs={weekJobs} onDay={setDay} />
      {day !== today ? (
        <Button type="link" className="my-day__today" onClick={() => setDay(today)}>
          Back to today
        </Button>
      ) : null}
      {dayOff ? <YoureOff off={dayOff} /> : null}
      <div className={jobsQuery.isPlaceholderData ? "my-day__list is-stale" : "my-day__list"}>{list}</div>
      {/* Under the list once it is in: drawn before, they were pushed down the screen when the
          jobs arrived (a layout shift, and a tap meant for them could land on a job). */}
      {showsBelowList ? (
        <>
          {/* The day in order with directions per stop (docs/my-day.md, "My stops"). */}
          {jobsQuery.isError ? null : (
            <MyStops companyId={companyId} employeeId={employeeId} day={day} jobs={dayJobs} />
          )}
          <MyTimeOff companyId={companyId} employeeId={employeeId} today={today} list={timeOff.list} />
          <SharePosition />
          <CalendarFeed companyId={companyId} />
        </>
      ) : null}
    </div>
  );
}
