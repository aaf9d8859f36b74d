import type { EmployeeDTO, TEmployeeCreate, TEmployeeUpdate } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useEffect } from "react";
import { apiJson, apiRequest } from "../../lib/api";

export const employeesKey = (companyId: string) => ["/api/employees", { companyId }] as const;

/** The whole roster, inactive people included; a failure says so once (SPEC: Error / Failed to fetch employees). */
export function useEmployees(companyId: string | null) {
  const { notification } = App.useApp();
  const query = useQuery<EmployeeDTO[]>({
    queryKey: employeesKey(companyId ?? ""),
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

export function useAddEmployee(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (employee: Omit<TEmployeeCreate, "companyId">) =>
      apiJson<EmployeeDTO>("POST", "/api/employees", { ...employee, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/employees"] }),
  });
}

export function useUpdateEmployee(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...change }: TEmployeeUpdate & { id: string }) =>
      apiJson<EmployeeDTO>("PUT", `/api/employees/${id}`, { ...change, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/employees"] }),
  });
}

/** `confirm` also deletes the employee's jobs and messages; without it the server answers 409 with the counts. */
export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: string; confirm: boolean }) =>
      apiRequest("DELETE", `/api/employees/${id}${confirm ? "?confirm=true" : ""}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["/api/employees"] });
      // Their jobs went with them.
      void queryClient.invalidateQueries({ queryKey: ["/api/jobs"] });
    },
  });
}
