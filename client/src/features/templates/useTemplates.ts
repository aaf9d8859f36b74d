import type { ApplyTemplateResultDTO, TemplateDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";

export function useTemplates(companyId: string) {
  return useQuery<TemplateDTO[]>({ queryKey: queryKeys.templates(companyId) });
}

/** Save as Template: one idempotency key per submit of the calling dialog, so a retry makes one template. */
export function useCreateTemplate(companyId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (template: { name: string; description: string; weekStart: string }) => {
      const body = { ...template, companyId };
      return apiJson<TemplateDTO>("POST", "/api/templates", body, { idempotencyKey: submitKey.keyFor(body) });
    },
    onSuccess: () => {
      submitKey.renew();
      return queryClient.invalidateQueries({ queryKey: rootKey("templates") });
    },
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/templates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKey("templates") }),
  });
}

/**
 * A second apply to the same week answers 409 unless `force`. One idempotency key per
 * submit of the calling dialog: a double submit or a retry applies the template once.
 */
export function useApplyTemplate(companyId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: ({ id, ...apply }: { id: string; weekStart: string; force?: boolean }) => {
      const body = { ...apply, companyId };
      return apiJson<ApplyTemplateResultDTO>("POST", `/api/templates/${id}/apply`, body, {
        idempotencyKey: submitKey.keyFor({ id, body }),
      });
    },
    onSuccess: () => {
      submitKey.renew();
      void queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
      void queryClient.invalidateQueries({ queryKey: rootKey("weekly-schedules") });
    },
  });
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The "Applied template" toast's counts: "Created 5 jobs." or "Created 3 jobs, skipped 2 ...". */
export function describeApplyResult({ created, skipped }: ApplyTemplateResultDTO): string {
  const made = `Created ${plural(created, "job")}`;
  return skipped === 0 ? `${made}.` : `${made}, skipped ${skipped} for employees no longer active.`;
}
