/** The call log's server state: one day's calls, the day's notes, and the changes to them. */
import type { CallRecordDTO, DailyCallDTO, Role, TCallRecordInput } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { apiJson, apiRequest, errorMessage } from "../../lib/api";

export const CALL_RECORDS_ROOT = "/api/call-records";
export const DAILY_CALLS_ROOT = "/api/daily-calls";

export const callRecordsKey = (companyId: string, date: string) => [CALL_RECORDS_ROOT, { companyId, date }];
export const dailyCallKey = (companyId: string, date: string) => [DAILY_CALLS_ROOT, { companyId, date }];

/** Owners and admins log and change calls (ARCHITECTURE section 5); everyone reads them. */
export const canManageCalls = (role: Role | null) => role === "owner" || role === "admin";

// The layout renders pages only once a company is selected; null just keeps the hooks unconditional.
export function useCallRecords(companyId: string | null, date: string) {
  return useQuery<CallRecordDTO[]>({
    queryKey: callRecordsKey(companyId ?? "", date),
    enabled: companyId !== null,
  });
}

export function useDailyCall(companyId: string | null, date: string) {
  return useQuery<DailyCallDTO>({
    queryKey: dailyCallKey(companyId ?? "", date),
    enabled: companyId !== null,
  });
}

/** After any change the day's list and count are stale (the event does the same for others). */
function useInvalidateCallLog() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [CALL_RECORDS_ROOT] }),
      queryClient.invalidateQueries({ queryKey: [DAILY_CALLS_ROOT] }),
    ]);
}

type SaveCall = { id?: string; values: TCallRecordInput };

/** Creates (no id) or updates (id) a call record, with SPEC's toasts. */
export function useSaveCallRecord(companyId: string) {
  const { notification } = App.useApp();
  const invalidate = useInvalidateCallLog();
  return useMutation({
    mutationFn: ({ id, values }: SaveCall) =>
      id
        ? apiJson<CallRecordDTO>("PUT", `${CALL_RECORDS_ROOT}/${id}`, { ...values, companyId })
        : apiJson<CallRecordDTO>("POST", CALL_RECORDS_ROOT, { ...values, companyId }),
    onSuccess: async (_record, { id }) => {
      notification.success({
        title: id ? "Call record updated successfully" : "Call record created successfully",
      });
      await invalidate();
    },
    onError: (error, { id }) => {
      notification.error({
        title: id ? "Failed to update call record" : "Failed to create call record",
        description: errorMessage(error, "Please try again."),
      });
    },
  });
}

export function useDeleteCallRecord() {
  const { notification } = App.useApp();
  const invalidate = useInvalidateCallLog();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `${CALL_RECORDS_ROOT}/${id}`),
    onSuccess: async () => {
      notification.success({ title: "Call record deleted successfully" });
      await invalidate();
    },
    onError: (error) => {
      notification.error({
        title: "Failed to delete call record",
        description: errorMessage(error, "Please try again."),
      });
    },
  });
}

export function useSaveDayNotes(companyId: string, date: string) {
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) =>
      apiJson<DailyCallDTO>("PUT", `${DAILY_CALLS_ROOT}?${new URLSearchParams({ companyId, date })}`, {
        notes,
      }),
    onSuccess: (day) => {
      queryClient.setQueryData(dailyCallKey(companyId, date), day);
      void message.success("Day notes saved");
    },
    onError: (error) => {
      notification.error({
        title: "Failed to save day notes",
        description: errorMessage(error, "Please try again."),
      });
    },
  });
}
