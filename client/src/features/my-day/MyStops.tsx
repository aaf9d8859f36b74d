/**
 * "My stops" (docs/my-day.md): the day's jobs in order, the drive between them, and each
 * one's directions in the phone's own maps app. A list, no map library: it opens offline
 * from the kept week like the cards, and the maps app does the navigating.
 */
import { CarOutlined } from "@ant-design/icons";
import { DEFAULT_DRIVE_MODEL, type JobDTO } from "@sched/shared-types";
import { Tag } from "antd";
import { dayRoutes, driveWords } from "../../components/route-map/routeModel";
import { useBoardSettings } from "../../entities/company/workingDays";
import { formatTime } from "../../lib/dates";
import { directionsLink } from "./links";
import { useAskToOpenMaps } from "./useAskToOpenMaps";

type MyStopsProps = { companyId: string; employeeId: string; day: string; jobs: readonly JobDTO[] };

export function MyStops({ companyId, employeeId, day, jobs }: MyStopsProps) {
  const settings = useBoardSettings(companyId);
  const askToOpenMaps = useAskToOpenMaps();
  const [route] = dayRoutes(jobs, [{ id: employeeId, name: "" }], day, settings.drive ?? DEFAULT_DRIVE_MODEL);
  if (!route || route.stops.length === 0) return null;
  return (
    <section className="my-stops" aria-labelledby="my-stops-title" data-testid="my-stops">
      <h2 id="my-stops-title" className="my-stops__title">
        My stops
        {route.driveMinutes ? (
          <span className="my-stops__total"> · about {driveWords(route.driveMinutes)} driving</span>
        ) : null}
      </h2>
      <ol className="my-stops__list">
        {route.stops.map(({ job, number, place, driveMinutes }) => {
          const url = directionsLink(job);
          return (
            <li key={job.id} className="my-stops__stop" data-testid="my-stop" data-job-id={job.id}>
              {driveMinutes !== null ? (
                <div className="my-stops__drive">
                  <CarOutlined aria-hidden /> about {driveWords(driveMinutes)}
                </div>
              ) : null}
              <div className="my-stops__row">
                <span className="my-stops__number" aria-hidden>
                  {number}
                </span>
                <span className="my-stops__text">
                  <span className="my-stops__time">
                    {job.time ? formatTime(job.time) : ""}
                    {job.customerName ? ` · ${job.customerName}` : ""}
                    {job.status === "completed" ? (
                      <Tag className="my-stops__done" color="success">
                        Done
                      </Tag>
                    ) : null}
                  </span>
                  <span className="my-stops__where">{job.location}</span>
                  {place ? null : <span className="my-stops__no-place">No place: directions by address</span>}
                </span>
                <a
                  className="my-stops__directions"
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={`Directions to stop ${number}, ${job.location}`}
                  data-testid="my-stop-directions"
                  // Maps open only when asked (docs/my-day.md): "Open maps" or "Not now" first.
                  onClick={(event) => {
                    event.preventDefault();
                    askToOpenMaps(job.location, url);
                  }}
                >
                  Directions
                </a>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
