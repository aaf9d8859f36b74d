/**
 * The Map view of a day (docs/schedule.md, "Map"): every technician's stops in time order,
 * numbered, a colour each, lines between them; the list beside the map (below it on a
 * phone) is the keyboard's and the screen reader's way through them. Live like the board:
 * it draws the board's own job list. Loaded with React.lazy from SchedulePage, with the map
 * itself (maplibre-gl) beside it (loadMapView.ts). It is shown while the board's data is
 * still on its way, so its code is in place when the data comes and the view and its map
 * draw at once then (a lazy component suspends once more on its first render, and React
 * holds a boundary's content back up to 300 ms after its fallback showed).
 */
import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import {
  type CompanySettingsDTO,
  DEFAULT_DRIVE_MODEL,
  type EmployeeDTO,
  type JobDTO,
} from "@sched/shared-types";
import { Alert, Button, Empty, Spin } from "antd";
import dayjs from "dayjs";
import { type ComponentType, useCallback, useEffect, useMemo, useState } from "react";
import { RouteMapFrame } from "../../../components/route-map/LazyRouteMap";
import type { RouteMapProps } from "../../../components/route-map/RouteMap";
import { dayRoutes } from "../../../components/route-map/routeModel";
import { toISODate } from "../../../lib/dates";
import { SetPlaceDialog } from "./SetPlaceDialog";
import { StopList } from "./StopList";
import { useSetJobPlace } from "./useSetJobPlace";
import "./day-map.css";

export type DayMapViewProps = {
  /** The map, loaded with this view (loadMapView.ts); null: its code could not be loaded. */
  map: ComponentType<RouteMapProps> | null;
  /** The board's jobs and roster are still on their way: the day's frame, a spinner for the rest. */
  isLoading: boolean;
  companyId: string | null;
  day: string;
  today: string;
  /** The board's roster, in its order: a technician's colour is their place in it. */
  employees: readonly EmployeeDTO[];
  /** Everyone, inactive people too: a job of someone off the roster is still a stop (after the roster). */
  everyone: readonly EmployeeDTO[];
  jobs: readonly JobDTO[];
  settings: CompanySettingsDTO;
  /** The office sets places: drags a marker, "Set pin on map", "Set place". */
  canManage: boolean;
  onDayChange: (date: string) => void;
  onOpenJob: (job: JobDTO) => void;
};

export default function DayMapView(props: DayMapViewProps) {
  const { day, today, employees, jobs, settings, canManage } = props;
  const drive = settings.drive ?? DEFAULT_DRIVE_MODEL;
  const roster = useMemo(() => {
    const onRoster = new Set(employees.map((employee) => employee.id));
    return [...employees, ...props.everyone.filter((employee) => !onRoster.has(employee.id))];
  }, [employees, props.everyone]);
  const routes = useMemo(() => dayRoutes(jobs, roster, day, drive), [jobs, roster, day, drive]);
  const jobsById = useMemo(() => new Map(jobs.map((job) => [job.id, job])), [jobs]);
  const stopCount = routes.reduce((sum, route) => sum + route.stops.length, 0);
  const unplaced = routes.reduce((sum, route) => sum + route.stops.filter((stop) => !stop.place).length, 0);

  const [selectedJobId, setSelectedJobId] = useState<string | null>(null);
  const [picking, setPicking] = useState<JobDTO | null>(null);
  const [placing, setPlacing] = useState<JobDTO | null>(null);
  const setPlace = useSetJobPlace(props.companyId);
  const step = (days: number) => props.onDayChange(toISODate(dayjs(day).add(days, "day")));

  // Escape leaves "Set pin on map".
  useEffect(() => {
    if (!picking) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setPicking(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [picking]);

  const { save } = setPlace;
  const onMovePin = useCallback(
    (jobId: string, lat: number, lng: number) => {
      const job = jobsById.get(jobId);
      return job ? save({ job, lat, lng }) : Promise.reject(new Error("The job is gone"));
    },
    [jobsById, save],
  );
  const openById = (jobId: string) => {
    const job = jobsById.get(jobId);
    if (job) props.onOpenJob(job);
  };

  return (
    <div className="day-map" data-testid="day-map">
      <div className="day-nav">
        <Button icon={<LeftOutlined />} aria-label="Previous day" onClick={() => step(-1)} />
        <div className="day-nav__label">
          <div className="day-nav__day" data-testid="map-date">
            {dayjs(day).format("dddd, MMM D, YYYY")}
          </div>
          <div className="day-nav__summary">
            {day === today ? "Today · " : ""}
            {props.isLoading ? "Loading…" : stopCount === 1 ? "1 stop" : `${stopCount} stops`}
            {unplaced ? ` · ${unplaced} with no place` : ""}
          </div>
        </div>
        <Button icon={<RightOutlined />} aria-label="Next day" onClick={() => step(1)} />
      </div>
      {picking ? (
        <Alert
          className="day-map__picking"
          type="info"
          showIcon
          title={`Click the map where ${picking.location} is. Escape cancels.`}
          action={<Button onClick={() => setPicking(null)}>Cancel</Button>}
        />
      ) : null}
      <div className="day-map__body">
        <div className="day-map__map">
          {props.isLoading ? (
            <div className="route-map route-map__loading">
              <Spin />
            </div>
          ) : (
            <RouteMapFrame
              map={props.map}
              routes={routes}
              frameKey={day}
              selectedJobId={selectedJobId}
              onSelect={setSelectedJobId}
              onOpen={openById}
              onMovePin={canManage ? onMovePin : undefined}
              isPicking={Boolean(picking)}
              onPick={(lat, lng) => {
                if (!picking) return;
                // The job as it is now: it may have changed (live) since "Set pin on map".
                save({ job: jobsById.get(picking.id) ?? picking, lat, lng }).catch(() => undefined);
                setPicking(null);
              }}
              label={`Map of ${dayjs(day).format("dddd, MMM D")}: ${stopCount} stops`}
            />
          )}
        </div>
        <div className="day-map__list">
          {props.isLoading ? (
            <Spin className="day-map__loading" />
          ) : stopCount === 0 ? (
            <Empty description="No jobs on this day" data-testid="map-empty" />
          ) : (
            <StopList
              routes={routes}
              selectedJobId={selectedJobId}
              onSelect={setSelectedJobId}
              onOpen={props.onOpenJob}
              onSetPlace={canManage ? setPlacing : undefined}
              onSetPin={
                canManage
                  ? (job) => setPicking((current) => (current?.id === job.id ? null : job))
                  : undefined
              }
              pickingJobId={picking?.id ?? null}
            />
          )}
        </div>
      </div>
      {placing ? (
        <SetPlaceDialog
          job={placing}
          isSaving={setPlace.isPending}
          companyId={props.companyId}
          onSave={(lat, lng) =>
            save({ job: jobsById.get(placing.id) ?? placing, lat, lng }).then(
              () => {
                setPlacing(null);
                // Back to the stop, which the map now shows where it was put.
                document.getElementById(`map-stop-${placing.id}`)?.focus();
              },
              () => undefined,
            )
          }
          onClose={() => setPlacing(null)}
        />
      ) : null}
    </div>
  );
}
