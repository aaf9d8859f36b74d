import { EllipsisOutlined, NodeIndexOutlined, PlusOutlined, UserDeleteOutlined } from "@ant-design/icons";
import type { DriveModel, EmployeeDTO, JobWarning } from "@sched/shared-types";
import { Button, Dropdown } from "antd";
import { type DragEvent, memo, useMemo } from "react";
import { EmployeeAvatar } from "../../../entities/employee/EmployeeAvatar";
import { formatTimeRange } from "../../../entities/job/duration";
import { type BlockHandlers, TimelineBlock, trackHeightOf } from "./TimelineBlock";
import {
  boxOf,
  clockOf,
  driveSegmentsOf,
  driveTotalText,
  type HourRange,
  type TimelineRow as Row,
} from "./timelineModel";

/**
 * A stretch of a row drawn shaded: hours outside the workday, or the technician's own
 * (time off hatched, a pending request outlined, hours outside their pattern), with its words.
 */
export type ShadedRange = {
  start: number;
  end: number;
  label?: string;
  tone?: "time-off" | "pending" | "unavailable";
};

/** Where the dragged job would go in this row, with the warnings it would get there. */
export type Ghost = { start: number; minutes: number; warnings: JobWarning[] };

/** A drag from the Unscheduled tray (the browser's drag and drop) over a row. */
export type TrayDropHandlers = {
  over: (rowKey: string, event: DragEvent<HTMLElement>) => void;
  drop: (rowKey: string, event: DragEvent<HTMLElement>) => void;
};

type TimelineRowProps = {
  row: Row;
  range: HourRange;
  /** Hours outside the workday (the whole day on a day off), the same for every row. */
  offHours: readonly ShadedRange[];
  /** This technician's own shaded time (time off), when there is any. */
  shaded?: readonly ShadedRange[];
  ghost?: Ghost;
  /** The job being dragged or moved by keyboard, when it is one of this row's. */
  movingId?: string;
  canMove: boolean;
  handlers: BlockHandlers;
  tray?: TrayDropHandlers;
  /** "Wed, Nov 25": the Add button's name. */
  dayLabel: string;
  onAdd?: (employeeId: string) => void;
  /** The row's menu: "Optimize route" for this technician's day (docs/schedule.md). */
  onOptimize?: (employee: EmployeeDTO) => void;
  /** The company's drive settings: the drives between this row's jobs (docs/places.md). */
  drive?: DriveModel;
};

const plural = (count: number) => `${count} job${count === 1 ? "" : "s"}`;

function Shade({ range, shade, className }: { range: HourRange; shade: ShadedRange; className: string }) {
  const box = boxOf(shade.start, shade.end - shade.start, range);
  if (box.width <= 0) return null;
  return (
    <div
      className={className}
      style={{ left: `${box.left}%`, width: `${box.width}%` }}
      title={shade.label}
      data-testid={shade.label ? "timeline-shade" : undefined}
      aria-hidden
    >
      {shade.label && shade.tone !== "unavailable" && shade.end - shade.start >= 120 ? (
        <span className="timeline-row__shade-label">{shade.label}</span>
      ) : null}
    </div>
  );
}

/** A technician row's menu (keyboard: Enter or Space opens it, arrows choose). */
function RowMenu(props: {
  employee: EmployeeDTO;
  dayLabel: string;
  onOptimize: (employee: EmployeeDTO) => void;
}) {
  const { employee, dayLabel, onOptimize } = props;
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [{ key: "optimize", label: "Optimize route", icon: <NodeIndexOutlined aria-hidden /> }],
        onClick: () => onOptimize(employee),
      }}
    >
      <Button
        size="small"
        className="timeline-row__menu"
        icon={<EllipsisOutlined aria-hidden />}
        aria-label={`More for ${employee.name} on ${dayLabel}`}
        data-testid="timeline-row-menu"
      />
    </Dropdown>
  );
}

/**
 * One technician's day on the timeline: the name fixed at the left (it stays while the
 * hours scroll on a phone), then the track with the shaded hours and the job blocks,
 * overlapping ones in lanes. Redrawn only when its own jobs, ghost or moving job change.
 */
export const TimelineRow = memo(function TimelineRow(props: TimelineRowProps) {
  const { row, range, offHours, shaded, ghost, movingId, canMove, handlers, tray, dayLabel, onAdd, drive } =
    props;
  const { onOptimize } = props;
  // Per row, and only when its jobs or the settings change: a day of 300 jobs stays cheap.
  const drives = useMemo(() => driveSegmentsOf(row.blocks, drive), [row.blocks, drive]);
  const acceptsJobs = !row.isInactive && row.employee !== null;
  const ghostBox = ghost ? boxOf(ghost.start, ghost.minutes, range) : null;
  const trackHeight = trackHeightOf(row.laneCount);
  return (
    <section
      className={["timeline-row", row.isInactive ? "is-inactive" : ""].join(" ")}
      // Its size while out of view (content-visibility, timeline.css): the track and the row's border.
      style={{ containIntrinsicHeight: `auto ${trackHeight + 1}px` }}
      data-testid={`daily-${row.key}`}
      data-row-key={row.key}
      data-accepts={acceptsJobs ? "true" : "false"}
      aria-label={row.isInactive ? `${row.label} (inactive)` : row.label}
    >
      <header className="timeline-row__name">
        {row.employee ? (
          <EmployeeAvatar initials={row.employee.initials} avatarColor={row.employee.avatarColor} size={28} />
        ) : (
          <UserDeleteOutlined className="week-grid__inactive-icon" aria-hidden />
        )}
        <span className="timeline-row__who">
          <span className="timeline-row__label">{row.label}</span>
          <span className="timeline-row__count">
            {row.isInactive ? <span className="timeline-row__inactive">Inactive</span> : null}
            {plural(row.blocks.length)}
          </span>
          {drives.totalMinutes > 0 ? (
            <span className="timeline-row__drive-total" data-testid="timeline-drive-total">
              {driveTotalText(drives.totalMinutes)}
            </span>
          ) : null}
        </span>
        {onAdd && acceptsJobs && row.employee ? (
          // A plain button, not antd's: one a row, antd's cost a phone 3 ms each to draw.
          <Button
            size="small"
            className="timeline-row__add"
            icon={<PlusOutlined aria-hidden />}
            aria-label={`Add job for ${row.employee.name} on ${dayLabel}`}
            onClick={() => row.employee && onAdd(row.employee.id)}
          />
        ) : null}
        {onOptimize && acceptsJobs && row.employee && row.blocks.length > 1 ? (
          <RowMenu employee={row.employee} dayLabel={dayLabel} onOptimize={onOptimize} />
        ) : null}
      </header>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the Unscheduled tray's mouse drags; the keyboard and phones use the job's Move to… */}
      <div
        className="timeline-row__track"
        style={{ height: trackHeight }}
        onDragOver={tray && acceptsJobs ? (event) => tray.over(row.key, event) : undefined}
        onDrop={tray && acceptsJobs ? (event) => tray.drop(row.key, event) : undefined}
      >
        {offHours.map((shade) => (
          <Shade key={`off-${shade.start}`} range={range} shade={shade} className="timeline-row__off-hours" />
        ))}
        {shaded?.map((shade) => (
          <Shade
            key={`shaded-${shade.tone ?? "time-off"}-${shade.start}`}
            range={range}
            shade={shade}
            className={`timeline-row__${shade.tone ?? "time-off"}`}
          />
        ))}
        {row.blocks.length === 0 ? <span className="timeline-row__empty">No jobs this day</span> : null}
        {drives.segments.map((segment) => {
          const box = boxOf(segment.start, segment.minutes, range);
          if (box.width <= 0) return null;
          const words = `${segment.minutes} min drive`;
          return (
            <div
              key={`drive-${segment.toJobId}`}
              className={["timeline-drive", segment.isShort ? "is-short" : ""].join(" ")}
              style={{ left: `${box.left}%`, width: `${box.width}%` }}
              role="img"
              aria-label={words}
              title={`${words} from ${segment.from}${segment.isShort ? ": longer than the time between the jobs" : ""}`}
              data-testid="timeline-drive"
              data-to-job-id={segment.toJobId}
            />
          );
        })}
        {row.blocks.map((block) => (
          <TimelineBlock
            key={block.job.id}
            job={block.job}
            rowKey={row.key}
            start={block.start}
            minutes={block.minutes}
            lane={block.lane}
            range={range}
            isMoving={block.job.id === movingId}
            canMove={canMove}
            handlers={handlers}
          />
        ))}
        {ghost && ghostBox ? (
          <div
            className={["timeline-ghost", ghost.warnings.length ? "has-warnings" : ""].join(" ")}
            style={{ left: `${ghostBox.left}%`, width: `${ghostBox.width}%` }}
            data-testid="timeline-ghost"
            aria-hidden
          >
            <span className="timeline-ghost__label">
              <strong>{formatTimeRange(clockOf(ghost.start), ghost.minutes)}</strong>
              {ghost.warnings.map((warning) => (
                <span key={`${warning.code}-${warning.jobId ?? ""}`} className="timeline-ghost__warning">
                  {warning.message}
                </span>
              ))}
            </span>
          </div>
        ) : null}
      </div>
    </section>
  );
});
