/** The call log's server state: one day's calls, the day's notes, and the changes to them. */
import type { CallRecordDTO, DailyCallDTO, TCallRecordInput } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useShowFailure } from "../../components/FailureNotice";
import { apiJson, apiRequest, isApiError } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";

const CALL_RECORDS_URL = "/api/call-records";
const DAILY_CALLS_URL = "/api/daily-calls";

// The layout renders pages only once a company is selected; null just keeps the hooks unconditional.
export function useCallRecords(companyId: string | null, date: string) {
  return useQuery<CallRecordDTO[]>({
    queryKey: queryKeys.callRecords(companyId ?? "", date),
    enabled: companyId !== null,
  });
}

export function useDailyCall(companyId: string | null, date: string) {
  return useQuery<DailyCallDTO>({
    queryKey: queryKeys.dailyCall(companyId ?? "", date),
    enabled: companyId !== null,
  });
}

/** After any change the day's list and count are stale (the event does the same for others). */
function useInvalidateCallLog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: rootKey("call-records") }),
      queryClient.invalidateQueries({ queryKey: rootKey("daily-calls") }),
    ]);
}

/** A new call (no id), or the whole edited record from the version the user opened. */
type SaveCall =
  | { id?: undefined; values: TCallRecordInput }
  | { id: string; values: TCallRecordInput; version: number };

function sendCall(call: SaveCall, companyId: string, idempotencyKeyFor: (body: unknown) => string) {
  const body = { ...call.values, companyId };
  if (call.id === undefined) {
    return apiJson<CallRecordDTO>("POST", CALL_RECORDS_URL, body, {
      idempotencyKey: idempotencyKeyFor(body),
    });
  }
  return apiJson<CallRecordDTO>("PUT", `${CALL_RECORDS_URL}/${call.id}`, { ...body, version: call.version });
}

/**
 * Creates (no id) or updates (id) a call record, with its success and failure toasts
 * (docs/call-log.md). A create carries one idempotency key per submit of the calling
 * form; an edit that someone else's save overtook (409 stale) gets no toast: the form
 * offers the choice instead.
 */
export function useSaveCallRecord(companyId: string) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const invalidate = useInvalidateCallLog();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (call: SaveCall) => sendCall(call, companyId, submitKey.keyFor),
    onSuccess: async (_record, { id }) => {
      if (id === undefined) submitKey.renew();
      notification.success({
        title: id ? "Call record updated successfully" : "Call record created successfully",
      });
      await invalidate();
    },
    onError: (error, { id }) => {
      if (isApiError(error, "stale")) return;
      showFailure(id ? "Failed to update call record" : "Failed to create call record", error);
    },
  });
}

export function useDeleteCallRecord() {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const invalidate = useInvalidateCallLog();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `${CALL_RECORDS_URL}/${id}`),
    onSuccess: async () => {
      notification.success({ title: "Call record deleted successfully" });
      await invalidate();
    },
    onError: (error) => {
      showFailure("Failed to delete call record", error);
    },
  });
}

export function useSaveDayNotes(companyId: string, date: string) {
  const { message } = useFeedback();
  const showFailure = useShowFailure();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) =>
      apiJson<DailyCallDTO>("PUT", `${DAILY_CALLS_URL}?${new URLSearchParams({ companyId, date })}`, {
        notes,
      }),
    onSuccess: (day) => {
      queryClient.setQueryData(queryKeys.dailyCall(companyId, date), day);
      void message.success("Day notes saved");
    },
    onError: (error) => {
      showFailure("Failed to save day notes", error);
    },
  });
}
