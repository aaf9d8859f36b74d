/**
 * Timesheets' server state (docs/timesheets.md): a week per person, kept live by the
 * `timesheet.changed` and job events (realtime/useRealtime.ts), and the office's changes.
 */
import type {
  TimeEntryDTO,
  TimesheetChangeDTO,
  TimesheetDTO,
  TimesheetWeekDTO,
  TTimeEntryCorrection,
  TTimesheetWeekAction,
} from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../lib/api";
import { newIdempotencyKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { isOffline, queueClockTap } from "../../outbox/queue";

export function useTimesheets(companyId: string, weekStart: string, employeeId?: string) {
  return useQuery<TimesheetDTO[]>({
    queryKey: queryKeys.timesheets(companyId, weekStart, employeeId),
    placeholderData: keepPreviousData,
  });
}

export function useEntryHistory(entryId: string | null) {
  return useQuery<TimesheetChangeDTO[]>({
    queryKey: queryKeys.timeEntryHistory(entryId ?? ""),
    enabled: entryId !== null,
  });
}

/** After a change: every loaded week and history refetches (the event does the same for others). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rootKey("timesheets") }),
      queryClient.invalidateQueries({ queryKey: rootKey("time-entries") }),
    ]);
}

export function useCorrectEntry() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...correction }: TTimeEntryCorrection & { id: string }) =>
      apiJson<TimeEntryDTO>("PUT", `/api/time-entries/${id}`, correction),
    onSuccess: refresh,
  });
}

export function useWeekAction(action: "approve" | "reopen") {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (week: TTimesheetWeekAction) =>
      apiJson<TimesheetWeekDTO>("POST", `/api/timesheets/${action}`, week),
    onSettled: refresh,
  });
}

/** Saved: on the server. Kept: in the phone's outbox, sent when back online (docs/offline.md). */
type ClockOutcome = { saved: TimeEntryDTO } | { kept: true };

/**
 * "Start my day" / "End my day" with an Idempotency-Key. Offline, or when no answer came,
 * the tap goes to the outbox with the time it was tapped, like the job taps.
 */
export function useTimeClock(companyId: string) {
  const refresh = useRefresh();
  return useMutation({
    networkMode: "always",
    mutationFn: async (action: "in" | "out"): Promise<ClockOutcome> => {
      if (isOffline()) {
        await queueClockTap(companyId, action);
        return { kept: true };
      }
      const key = newIdempotencyKey();
      try {
        const saved = await apiJson<TimeEntryDTO>(
          "POST",
          "/api/time-clock",
          { companyId, action, at: new Date().toISOString() },
          { idempotencyKey: key },
        );
        return { saved };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        await queueClockTap(companyId, action, key);
        return { kept: true };
      }
    },
    onSuccess: (outcome) => {
      if ("saved" in outcome) void refresh();
    },
  });
}

/** The URL of the week's CSV (a plain link: the browser downloads it with the session cookie). */
export const timesheetCsvUrl = (companyId: string, weekStart: string) =>
  `/api/timesheets.csv?companyId=${companyId}&weekStart=${weekStart}`;
