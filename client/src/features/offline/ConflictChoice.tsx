/**
 * The banner's part for a change the office overtook (docs/offline.md): what the change
 * was, where the job is now, and Keep mine / Take theirs right there, so a change whose
 * job left the technician's day (given to a colleague, unscheduled) is never stuck.
 */
import type { CompanyDTO, EmployeeDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Button } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { Link } from "react-router";
import { queryKeys } from "../../lib/queryKeys";
import { conflictPlace } from "../../outbox/conflictPlace";
import type { QueuedJobChange } from "../../outbox/outbox";
import { describeWork } from "../../outbox/pendingWork";
import { keepMine, takeTheirs } from "../../outbox/sender";

/** The roster's names of the change's company, when the phone has them (no error shown offline). */
function useEmployeeNames(companyId: string, isNeeded: boolean): ReadonlyMap<string, string> {
  const { data } = useQuery<EmployeeDTO[]>({ queryKey: queryKeys.employees(companyId), enabled: isNeeded });
  return useMemo(() => new Map((data ?? []).map((employee) => [employee.id, employee.name])), [data]);
}

export function ConflictChoice({ conflict }: { conflict: QueuedJobChange }) {
  const { data: companies } = useQuery<CompanyDTO[]>({ queryKey: queryKeys.companies(), enabled: false });
  const myEmployeeId = companies?.find((company) => company.id === conflict.companyId)?.employeeId ?? null;
  const current = conflict.current;
  const isElsewhere = typeof current?.employeeId === "string" && current.employeeId !== myEmployeeId;
  const names = useEmployeeNames(conflict.companyId, isElsewhere);
  const place = conflictPlace(conflict, myEmployeeId, names);
  const job = current ?? conflict.seen;
  const what = job ? [job.type, job.location].filter((part) => typeof part === "string").join(", ") : "";
  const details = [`Your change: ${describeWork(conflict.work)}`, what, place.now]
    .filter(Boolean)
    .join(" · ");

  return (
    <>
      <span className="offline-indicator__detail" data-testid="offline-indicator-conflict">
        {details}
      </span>
      {place.isOnMyDay && place.day ? (
        <Link
          className="offline-indicator__link"
          data-testid="offline-indicator-conflict-link"
          to={`/my-day?day=${place.day}&job=${conflict.jobId}`}
        >
          {`Choose on ${dayjs(place.day).format("dddd, MMM D")}`}
        </Link>
      ) : null}
      <span className="offline-indicator__actions">
        {place.canKeepMine ? (
          <Button size="small" type="primary" onClick={() => void keepMine(conflict)}>
            Keep mine
          </Button>
        ) : null}
        <Button size="small" onClick={() => void takeTheirs(conflict)}>
          {place.isOnMyDay || !current ? "Take theirs" : "Drop my change"}
        </Button>
      </span>
    </>
  );
}
