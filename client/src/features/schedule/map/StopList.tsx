/**
 * The Map view's list (docs/schedule.md, "Map"): what the keyboard and screen readers use.
 * Per technician, the stops in order with their time, customer and location, and the drive
 * between them. Arrow keys move through the stops (the stop in focus is the one the map
 * highlights), Enter opens the job; the selected stop offers "Set place" and "Set pin on map".
 */
import { EnvironmentOutlined } from "@ant-design/icons";
import { type JobDTO, PLACE_PRECISION_WORDS } from "@sched/shared-types";
import { Button, Tag } from "antd";
import type { KeyboardEvent, MouseEvent } from "react";
import { type DayRoute, driveWords } from "../../../components/route-map/routeModel";
import { formatTime } from "../../../lib/dates";

export const STOP_LIST_HINT_ID = "stop-list-hint";

type StopListProps = {
  routes: readonly DayRoute[];
  selectedJobId: string | null;
  onSelect: (jobId: string) => void;
  onOpen: (job: JobDTO) => void;
  /** The office's: a place typed or found, and a pin set with a click on the map. */
  onSetPlace?: (job: JobDTO) => void;
  onSetPin?: (job: JobDTO) => void;
  pickingJobId: string | null;
};

const stopId = (jobId: string) => `map-stop-${jobId}`;

/** Moves the focus to the stop `step` entries away (or the first/last), which selects it. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };
  const step = keys[event.key];
  if (step === undefined) return;
  const entries = [...event.currentTarget.querySelectorAll<HTMLButtonElement>("button.stop-list__entry")];
  const at = entries.indexOf(document.activeElement as HTMLButtonElement);
  const next =
    step === -Infinity
      ? 0
      : step === Infinity
        ? entries.length - 1
        : Math.min(entries.length - 1, Math.max(0, at + step));
  event.preventDefault();
  entries[next]?.focus();
}

export function StopList(props: StopListProps) {
  const { routes, selectedJobId } = props;
  // One entry is in the tab order: the selected stop, else the first.
  const focusableId = selectedJobId ?? routes[0]?.stops[0]?.job.id;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys between the entries (a roving tab stop)
    <div className="stop-list" data-testid="stop-list" onKeyDown={moveFocus}>
      <p id={STOP_LIST_HINT_ID} className="stop-list__hint">
        Arrow keys move through the stops; Enter opens the job.
      </p>
      {routes.map((route) => {
        const headingId = `map-route-${route.employeeId}`;
        const unplaced = route.stops.filter((stop) => !stop.place).length;
        return (
          <section key={route.employeeId} className="stop-list__route" aria-labelledby={headingId}>
            <h3 id={headingId} className="stop-list__name">
              <span className="stop-list__swatch" style={{ background: route.colour.fill }} aria-hidden />
              {route.name}
              <span className="stop-list__summary">
                {route.stops.length === 1 ? "1 stop" : `${route.stops.length} stops`}
                {route.driveMinutes ? ` · ${driveWords(route.driveMinutes)} driving` : ""}
                {unplaced ? ` · ${unplaced} without a place` : ""}
              </span>
            </h3>
            <ol className="stop-list__stops">
              {route.stops.map((stop) => {
                const { job } = stop;
                const isSelected = job.id === selectedJobId;
                const onClick = (event: MouseEvent<HTMLButtonElement>) => {
                  // Enter or Space (no pointer: detail 0) opens the job; a click selects it.
                  if (event.detail === 0) props.onOpen(job);
                  else props.onSelect(job.id);
                };
                return (
                  <li
                    key={job.id}
                    className="stop-list__stop"
                    data-testid="map-stop-entry"
                    data-job-id={job.id}
                  >
                    {stop.driveMinutes !== null ? (
                      <div className="stop-list__drive">{driveWords(stop.driveMinutes)} drive</div>
                    ) : null}
                    <button
                      type="button"
                      id={stopId(job.id)}
                      className={isSelected ? "stop-list__entry is-selected" : "stop-list__entry"}
                      aria-current={isSelected ? "true" : undefined}
                      aria-describedby={STOP_LIST_HINT_ID}
                      tabIndex={job.id === focusableId ? 0 : -1}
                      onFocus={() => props.onSelect(job.id)}
                      onClick={onClick}
                      onDoubleClick={() => props.onOpen(job)}
                    >
                      <span
                        className="stop-list__number"
                        style={{ background: route.colour.fill, color: route.colour.text }}
                      >
                        <span className="stop-list__sr">Stop </span>
                        {stop.number}
                      </span>
                      <span className="stop-list__text">
                        <span className="stop-list__time">
                          {job.time ? formatTime(job.time) : ""} · {job.type}
                          {job.customerName ? ` · ${job.customerName}` : ""}
                        </span>
                        <span className="stop-list__where">{job.location}</span>
                        {stop.place ? (
                          stop.place.precision === "postal" || stop.place.precision === "city" ? (
                            <span className="stop-list__precision">
                              {PLACE_PRECISION_WORDS[stop.place.precision]}
                            </span>
                          ) : null
                        ) : (
                          <Tag className="stop-list__no-place">No place</Tag>
                        )}
                      </span>
                    </button>
                    {isSelected && (props.onSetPlace || props.onSetPin) ? (
                      <div className="stop-list__actions">
                        {props.onSetPlace ? (
                          <Button size="small" onClick={() => props.onSetPlace?.(job)}>
                            Set place
                          </Button>
                        ) : null}
                        {props.onSetPin ? (
                          <Button
                            size="small"
                            icon={<EnvironmentOutlined aria-hidden />}
                            aria-pressed={props.pickingJobId === job.id}
                            onClick={() => props.onSetPin?.(job)}
                          >
                            {props.pickingJobId === job.id ? "Click the map…" : "Set pin on map"}
                          </Button>
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
