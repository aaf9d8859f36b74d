import type { ApplyTemplateResultDTO, TemplateDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../lib/api";

export const templatesKey = (companyId: string) => ["/api/templates", { companyId }] as const;

export function useTemplates(companyId: string) {
  return useQuery<TemplateDTO[]>({ queryKey: templatesKey(companyId) });
}

export function useCreateTemplate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: { name: string; description: string; weekStart: string }) =>
      apiJson<TemplateDTO>("POST", "/api/templates", { ...template, companyId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/templates"] }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/templates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/templates"] }),
  });
}

/** A second apply to the same week answers 409 unless `force`. */
export function useApplyTemplate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; weekStart: string; force?: boolean }) =>
      apiJson<ApplyTemplateResultDTO>("POST", `/api/templates/${id}/apply`, { ...body, companyId }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["/api/jobs"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/weekly-schedules"] });
    },
  });
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The "Applied template" toast's counts: "Created 5 jobs." or "Created 3 jobs, skipped 2 ...". */
export function describeApplyResult({ created, skipped }: ApplyTemplateResultDTO): string {
  const made = `Created ${plural(created, "job")}`;
  return skipped === 0 ? `${made}.` : `${made}, skipped ${skipped} for employees no longer active.`;
}
