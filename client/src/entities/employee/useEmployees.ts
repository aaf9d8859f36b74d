import type { EmployeeDTO, TEmployeeCreate, TEmployeeUpdate } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiJson, apiRequest } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import { putRowInLists } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";

/** The whole roster, inactive people included; a failure says so once ("Error: Failed to fetch employees"). */
export function useEmployees(companyId: string | null) {
  const { notification } = useFeedback();
  const query = useQuery<EmployeeDTO[]>({
    queryKey: queryKeys.employees(companyId ?? ""),
    enabled: Boolean(companyId),
  });
  useEffect(() => {
    if (query.isError) {
      notification.error({
        key: "employees-fetch",
        title: "Error",
        description: "Failed to fetch employees",
      });
    }
  }, [query.isError, notification]);
  return query;
}

/** Add Employee: one idempotency key per submit of the calling form, so a double submit adds one person. */
export function useAddEmployee(companyId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (employee: Omit<TEmployeeCreate, "companyId">) => {
      const body = { ...employee, companyId };
      return apiJson<EmployeeDTO>("POST", "/api/employees", body, { idempotencyKey: submitKey.keyFor(body) });
    },
    onSuccess: () => {
      submitKey.renew();
      return queryClient.invalidateQueries({ queryKey: rootKey("employees") });
    },
  });
}

/** A change from the version the user opened: someone else's save in between answers 409 stale. */
export function useUpdateEmployee(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: TEmployeeUpdate & { id: string; version: number }) =>
      apiJson<EmployeeDTO>("PUT", `/api/employees/${id}`, { ...change, companyId }),
    onSuccess: (saved) => {
      putRowInLists(queryClient, "employees", saved);
      return queryClient.invalidateQueries({ queryKey: rootKey("employees") });
    },
  });
}

/** `confirm` also deletes the employee's jobs and messages; without it the server answers 409 with the counts. */
export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: boolean }) =>
      apiRequest("DELETE", `/api/employees/${id}${confirm ? "?confirm=true" : ""}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: rootKey("employees") });
      // Their jobs went with them.
      void queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
    },
  });
}
