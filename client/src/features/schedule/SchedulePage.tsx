import { PlusOutlined, TeamOutlined } from "@ant-design/icons";
import { addDays, daysBetween, type EmployeeDTO, type JobDTO } from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Empty, Spin } from "antd";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { PresenceAvatars } from "../../components/PresenceAvatars";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { nextWorkingDay, useBoardSettings } from "../../entities/company/workingDays";
import { hasConflicts, warningsOf, withWarnings } from "../../entities/job/conflictMarks";
import { toISODate, weekStart } from "../../lib/dates";
import { errorMessage } from "../../lib/errorText";
import { queryKeys } from "../../lib/queryKeys";
import { useIsSmallScreen } from "../../lib/screen";
import { useMarkOut } from "../absence-plan/useMarkOut";
import { useOptimize } from "../optimize-day/useOptimize";
import { ActionCards } from "./ActionCards";
import { AllDaysToggle } from "./AllDaysToggle";
import { BoardNotices } from "./BoardNotices";
import { BookingRequests } from "./booking-requests/BookingRequests";
import { ConflictFilter, ConflictFilterNotice } from "./ConflictFilter";
import { DailyView } from "./DailyView";
import { FieldFilters, type FieldFilterValues, isFiltering, matchesFieldFilters } from "./FieldFilters";
import { jobsOfWeek, shownDates } from "./gridModel";
import type { JobDialogDefaults } from "./jobDialogValues";
import { UnscheduledTray } from "./UnscheduledTray";
import { useBoardTimeOff } from "./useBoardTimeOff";
import { useFitToScreen } from "./useFitToScreen";
import { useScheduleEmployees, useUnscheduledJobs, useWeekJobs } from "./useJobs";
import { useMoveWithUndo } from "./useMoveWithUndo";
import { useOpenRequestedJob } from "./useOpenRequestedJob";
import { useOpenRequestedReplan } from "./useOpenRequestedReplan";
import { type ScheduleView, useScheduleParams } from "./useScheduleParams";
import { BOARD_PANEL_ID, tabId, ViewTabs } from "./ViewTabs";
import { WeekGrid } from "./WeekGrid";
import { WeekNavigator } from "./WeekNavigator";
import "./schedule.css";
import { ButtonLink } from "../../ui/ButtonLink";
import { JobDialog } from "./JobDialog";
import { loadMapView } from "./map/loadMapView";

// The dialog (antd Form and its fields) and By Employee (antd Select) load on first use: the board shows
// sooner. The dialog's code is asked for once the board is on screen, so a click on a card opens it soon.
const MoveJobDialog = lazy(() =>
  import("./MoveJobDialog").then((module) => ({ default: module.MoveJobDialog })),
);
const ByEmployeeView = lazy(() =>
  import("./ByEmployeeView").then((module) => ({ default: module.ByEmployeeView })),
);
// The Map view (docs/schedule.md, "Map"): its code and maplibre-gl's load together, once the Map is the target.
const DayMapView = lazy(loadMapView);

type DialogState = { job?: JobDTO; defaults?: JobDialogDefaults; key: number } | null;

/** Puts the focus back on a job's card once it is saved in its new cell (keyboard moves, docs/accessibility.md). */
function focusJobCard(jobId: string) {
  requestAnimationFrame(() =>
    document.querySelector<HTMLElement>(`[data-testid="job-card"][data-job-id="${jobId}"]`)?.focus(),
  );
}

/** The live job board: the Weekly Schedule screen (docs/schedule.md). */
export default function SchedulePage() {
  const { company, companyId } = useCurrentCompany();
  const params = useScheduleParams();
  const isSmallScreen = useIsSmallScreen();
  const jobsQuery = useWeekJobs(companyId, params.week);
  const employees = useScheduleEmployees(companyId);
  const [dialog, setDialog] = useState<DialogState>(null);
  // The job whose "Move to…" dialog is open (the keyboard alternative to dragging it).
  const [moving, setMoving] = useState<JobDTO | null>(null);
  const { moveJob, unscheduleJob, rescheduleJob, staleDialog } = useMoveWithUndo(employees.all);
  // Those who plan add and move jobs; the others open jobs to report progress.
  const canManage = useCan("manageJobs");
  // The Unscheduled tray is the office's (docs/schedule.md): jobs nobody is given yet.
  const trayQuery = useUnscheduledJobs(canManage ? companyId : null);
  const settings = useBoardSettings(companyId);
  // "Mark out…" re-plans an employee's day while they are off (docs/time-off.md).
  const { openMarkOut, markOutDialog } = useMarkOut(companyId, employees.all);
  // "Optimize route" / "Optimize day": the order with the least driving (docs/schedule.md).
  const { openOptimize, optimizeDialog } = useOptimize(companyId, employees.all);
  const optimizeOnDay = useCallback(
    (employee: EmployeeDTO | null) => openOptimize(params.day, employee),
    [openOptimize, params.day],
  );
  // "Show only conflicts" on: every view shows only jobs with warnings, and says so (docs/schedule.md).
  const [onlyConflicts, setOnlyConflicts] = useState(false);
  // The board's filters by a job's fields, such as its priority (FieldFilters.tsx).
  const [fieldFilters, setFieldFilters] = useState<FieldFilterValues>({});
  // "Show all days": the Week View's days the company does not work, for a drop on one (docs/schedule.md).
  const [showAllDays, setShowAllDays] = useState(false);

  // Time off shades the views and feeds the conflict engine (docs/time-off.md).
  const timeOff = useBoardTimeOff(companyId, params.week, params.day, employees.active, canManage);
  // Every job carries its warnings (the API's, or the same engine's here: conflictMarks.ts).
  const jobs = useMemo(
    () => withWarnings(jobsQuery.data ?? [], settings, employees.all, timeOff.list),
    [jobsQuery.data, settings, employees.all, timeOff.list],
  );
  // The sum of the cards' own counts, so the switch and the cards never disagree.
  const conflictsThisWeek = useMemo(
    () => jobsOfWeek(jobs, params.week).reduce((sum, job) => sum + warningsOf(job).length, 0),
    [jobs, params.week],
  );
  const boardJobs = useMemo(
    () =>
      !onlyConflicts && !isFiltering(fieldFilters)
        ? jobs
        : jobs.filter(
            (job) => (!onlyConflicts || hasConflicts(job)) && matchesFieldFilters(job, fieldFilters),
          ),
    [jobs, onlyConflicts, fieldFilters],
  );
  // The Week View's columns: the working days and any day with work, or all seven.
  const weekDays = useMemo(
    () => shownDates(params.week, jobsOfWeek(boardJobs, params.week), settings.workingDays, showAllDays),
    [params.week, boardJobs, settings.workingDays, showAllDays],
  );
  // Add Job starts on the next working day, a day the board shows (docs/schedule.md).
  const addDate = nextWorkingDay(params.day, settings.workingDays);
  // A job added outside the week on screen: the board goes to its week, so it is never out of sight.
  const showAdded = (job: JobDTO) => {
    if (job.date && (job.date < params.week || job.date > addDays(params.week, 6))) params.setDay(job.date);
  };
  const openAdd = (defaults?: JobDialogDefaults) => setDialog({ defaults, key: Date.now() });
  const addAt = canManage ? (employeeId: string, date: string) => openAdd({ employeeId, date }) : undefined;
  const openJob = (job: JobDTO) => setDialog({ job, key: Date.now() });
  useOpenRequestedJob(params, jobsQuery, openJob);
  useOpenRequestedReplan(params, employees.data, canManage ? openMarkOut : undefined);
  const isCurrentWeek = params.week === toISODate(weekStart(params.today));

  // The Map is the target (its tab hovered, focused or pressed, or the address): its code and
  // the basemap's setting start loading now, beside the board's data (docs/performance.md).
  const queryClient = useQueryClient();
  const prepareView = useCallback(
    (view: ScheduleView) => {
      if (view !== "map") return;
      void loadMapView();
      void queryClient.prefetchQuery({
        queryKey: queryKeys.mapConfig(),
        staleTime: Number.POSITIVE_INFINITY,
      });
    },
    [queryClient],
  );
  useEffect(() => prepareView(params.view), [prepareView, params.view]);

  const isLoading = jobsQuery.isPending || employees.isPending;
  // The Map view shows while the data is on its way: its map is made meanwhile (docs/schedule.md, "Map").
  const isMapLoading = isLoading && params.view === "map";
  // The board ends at the window's bottom and scrolls inside: its rows and hours in view at once.
  const pageRef = useRef<HTMLDivElement>(null);
  useFitToScreen(pageRef);
  const loadError = jobsQuery.error ?? employees.error;
  let board: ReactNode;
  if (isLoading && !isMapLoading) {
    board = (
      <div className="schedule-loading" data-testid="schedule-loading">
        <Spin size="large" />
      </div>
    );
  } else if (loadError) {
    board = (
      <Alert
        type="error"
        showIcon
        title="Could not load the schedule"
        description={errorMessage(loadError, "Please try again.")}
        action={<Button onClick={() => void jobsQuery.refetch()}>Retry</Button>}
      />
    );
  } else if (employees.active.length === 0 && !isMapLoading) {
    board = (
      <Empty
        className="schedule-empty"
        image={<TeamOutlined className="schedule-empty__icon" />}
        description="No active employees yet. Add your team to start planning the week."
      >
        {canManage ? (
          <ButtonLink to="/employees" type="primary">
            Add employees
          </ButtonLink>
        ) : null}
      </Empty>
    );
  } else if (params.view === "employee") {
    board = (
      <ByEmployeeView
        weekStart={params.week}
        today={params.today}
        employees={employees.active}
        everyone={employees.all}
        employeeId={params.employeeId}
        jobs={boardJobs}
        workingDays={settings.workingDays}
        onSelectEmployee={params.setEmployee}
        onAddJob={addAt}
        onMarkOut={canManage ? openMarkOut : undefined}
        onOpenJob={openJob}
        timeOffByDay={timeOff.byDay}
        showTimeOffKind={canManage}
      />
    );
  } else if (params.view === "map") {
    board = (
      <DayMapView
        isLoading={isMapLoading}
        companyId={companyId}
        day={params.day}
        today={params.today}
        employees={employees.active}
        everyone={employees.all}
        jobs={boardJobs}
        settings={settings}
        canManage={canManage}
        onDayChange={params.setDay}
        onOpenJob={openJob}
      />
    );
  } else if (params.view === "day") {
    board = (
      <DailyView
        day={params.day}
        today={params.today}
        employees={employees.active}
        everyone={employees.all}
        jobs={boardJobs}
        settings={settings}
        trayJobs={trayQuery.data}
        shadedRanges={timeOff.dayShades}
        timeOff={timeOff.list}
        onDayChange={params.setDay}
        onAddJob={addAt}
        onOpenJob={openJob}
        // The timeline drags on phones too: a long press starts the drag (docs/schedule.md).
        onReschedule={canManage ? rescheduleJob : undefined}
        onSchedule={
          canManage
            ? (job, employeeId, date, time) => moveJob(job, employeeId, date, undefined, time)
            : undefined
        }
        onUnschedule={canManage ? (job) => unscheduleJob(job) : undefined}
        onOptimize={canManage ? optimizeOnDay : undefined}
      />
    );
  } else {
    board = (
      <WeekGrid
        weekStart={params.week}
        employees={employees.active}
        everyone={employees.all}
        jobs={boardJobs}
        workingDays={settings.workingDays}
        showAllDays={showAllDays}
        onAddJob={addAt}
        onOpenJob={openJob}
        // Touch screens have no drag and drop: there the Edit dialog moves a job.
        onMoveJob={canManage && !isSmallScreen ? moveJob : undefined}
        dropJobs={trayQuery.data}
        timeOffByDay={timeOff.byDay}
        showTimeOffKind={canManage}
      />
    );
  }

  return (
    <div className="schedule-page" ref={pageRef}>
      {/* One row on a laptop (issue 51): the week, the filters, the views and Add Job. */}
      <div className="schedule-toolbar">
        <PageTitle title="Weekly Schedule" />
        <WeekNavigator
          week={params.week}
          isCurrentWeek={isCurrentWeek}
          onWeekChange={params.setWeek}
          onToday={params.goToToday}
          isLoading={jobsQuery.isPlaceholderData}
          days={daysBetween(params.week, weekDays[weekDays.length - 1] ?? params.week) + 1}
          extra={
            <>
              <FieldFilters value={fieldFilters} onChange={setFieldFilters} />
              <ConflictFilter
                count={conflictsThisWeek}
                isActive={onlyConflicts}
                onToggle={() => setOnlyConflicts((active) => !active)}
              />
              {params.view === "week" ? (
                <AllDaysToggle
                  hiddenCount={7 - weekDays.length}
                  isOn={showAllDays}
                  onToggle={() => setShowAllDays((isOn) => !isOn)}
                />
              ) : null}
            </>
          }
        />
        <ViewTabs view={params.view} onChange={params.setView} onTarget={prepareView} />
        <PresenceAvatars companyId={companyId} weekStart={params.week} />
        {/* Online bookings waiting for approval (docs/booking-office.md). */}
        {canManage && companyId ? <BookingRequests companyId={companyId} employees={employees.all} /> : null}
        {canManage ? (
          <Button
            className="schedule-toolbar__add"
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => openAdd({ date: addDate })}
          >
            Add Job
          </Button>
        ) : null}
      </div>
      {canManage && companyId ? (
        <BoardNotices
          companyId={companyId}
          params={params}
          employees={employees.all}
          hasJob={jobs.length > 0}
          onAddJob={() => openAdd({ date: addDate })}
          onReplan={openMarkOut}
        />
      ) : null}
      {/* The Unscheduled tray and the board: the tray beside it on a desktop, above it on a phone. */}
      <div className={canManage ? "schedule-workspace has-tray" : "schedule-workspace"}>
        {canManage ? (
          <UnscheduledTray
            jobs={trayQuery.data ?? []}
            boardJobs={jobs}
            isSmallScreen={isSmallScreen}
            canDrag={!isSmallScreen}
            onOpenJob={openJob}
            onUnschedule={(job) => unscheduleJob(job)}
          />
        ) : null}
        <div
          id={BOARD_PANEL_ID}
          role="tabpanel"
          aria-labelledby={tabId(params.view)}
          className={[
            "schedule-board",
            jobsQuery.isPlaceholderData ? "is-stale" : "",
            params.view === "employee" ? "" : "fits-screen",
          ].join(" ")}
        >
          {onlyConflicts ? <ConflictFilterNotice onShowAll={() => setOnlyConflicts(false)} /> : null}
          <Suspense fallback={<Spin />}>{board}</Suspense>
        </div>
      </div>
      {companyId ? (
        <ActionCards
          companyId={companyId}
          companyName={company?.name ?? ""}
          weekStart={params.week}
          jobs={jobs}
          allEmployees={employees.all}
          activeEmployees={employees.active}
          canManage={canManage}
        />
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <JobDialog
            key={dialog.key}
            open
            job={dialog.job}
            defaults={dialog.defaults}
            onClose={() => setDialog(null)}
            onSaved={dialog.job ? undefined : showAdded}
            onMoveTo={
              canManage
                ? (job) => {
                    setDialog(null);
                    setMoving(job);
                  }
                : undefined
            }
          />
        </Suspense>
      ) : null}
      {moving ? (
        <Suspense fallback={null}>
          <MoveJobDialog
            job={moving}
            employees={employees.active}
            boardDay={params.day}
            workingDays={settings.workingDays}
            onMove={(job, employeeId, date, time) =>
              moveJob(job, employeeId, date, (moved) => focusJobCard(moved.id), time)
            }
            onUnschedule={(job) => unscheduleJob(job, (moved) => focusJobCard(moved.id))}
            onClose={() => setMoving(null)}
          />
        </Suspense>
      ) : null}
      {staleDialog}
      {markOutDialog}
      {optimizeDialog}
    </div>
  );
}
