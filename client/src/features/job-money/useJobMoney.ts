/**
 * What a technician bills and takes on site (docs/my-day.md, "Items and payment"): the
 * job's items, the price book to pick from, the items still in the phone's outbox, and
 * where the job's invoice stands. Reads are kept by the service worker like My Day's
 * others (docs/offline.md); an item added offline goes through the outbox, a payment only
 * online.
 */
import {
  can,
  type JobDTO,
  type JobInvoiceDTO,
  type JobItemDTO,
  type MoneySettingsDTO,
  type PaymentAnswerDTO,
  type PriceBookEntryDTO,
  type TPaymentCreate,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { ApiError, apiJson } from "../../lib/api";
import { newIdempotencyKey, useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";
import type { QueuedJobItem } from "../../outbox/outbox";
import { useOutboxStore } from "../../outbox/outboxStore";
import { hasKeptChanges, isOffline, queueJobItem } from "../../outbox/queue";

type JobRef = Pick<JobDTO, "id" | "companyId">;

export function useJobItems(jobId: string) {
  return useQuery<JobItemDTO[]>({ queryKey: queryKeys.jobItems(jobId) });
}

/** The price book to pick from: without prices for a technician where the company hides them. */
export function usePriceBookEntries(companyId: string) {
  return useQuery<PriceBookEntryDTO[]>({ queryKey: queryKeys.priceBook(companyId) });
}

export function useMoneySettings(companyId: string) {
  return useQuery<MoneySettingsDTO>({ queryKey: queryKeys.moneySettings(companyId) });
}

/** Whether the member sees prices: the office always, a technician where the company allows it. */
export function useSeesPrices(companyId: string): boolean {
  const { role } = useCurrentCompany();
  const settings = useMoneySettings(companyId);
  return (role !== null && can(role, "manageMoney")) || settings.data?.techniciansSeePrices === true;
}

/** This job's items still on the phone, oldest first. */
export function useQueuedItems(jobId: string): QueuedJobItem[] {
  const changes = useOutboxStore((state) => state.changes);
  return changes.filter(
    (change): change is QueuedJobItem => change.kind === "item" && change.jobId === jobId,
  );
}

/** Saved: on the job. Kept: in the phone's outbox, to be sent (docs/offline.md). */
export type ItemOutcome = "saved" | "kept";

type NewItem = { item: QueuedJobItem["item"]; label: string; unit?: string | null };

/**
 * Adds one item with an Idempotency-Key. Offline, behind the job's changes still waiting,
 * or when the answer never came, it goes to the outbox and is sent later with the same
 * key, so the job gets it once.
 */
export function useAddJobItem(job: JobRef) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async ({ item, label, unit }: NewItem): Promise<ItemOutcome> => {
      if (isOffline() || hasKeptChanges(job.id)) {
        await queueJobItem(job, item, { label, unit });
        return "kept";
      }
      const key = newIdempotencyKey();
      try {
        const saved = await apiJson<JobItemDTO>("POST", `/api/jobs/${job.id}/items`, item, {
          idempotencyKey: key,
        });
        queryClient.setQueryData<JobItemDTO[]>(queryKeys.jobItems(job.id), (items) =>
          items ? [...items, saved] : items,
        );
        return "saved";
      } catch (error) {
        if (error instanceof ApiError) throw error;
        await queueJobItem(job, item, { label, unit }, key);
        return "kept";
      }
    },
  });
}

/** Removes a saved item (online: what is gone must be gone from the office's invoice too). */
export function useRemoveJobItem(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => apiJson<void>("DELETE", `/api/jobs/${jobId}/items/${itemId}`),
    onSuccess: (_answer, itemId) =>
      queryClient.setQueryData<JobItemDTO[]>(queryKeys.jobItems(jobId), (items) =>
        items?.filter((item) => item.id !== itemId),
      ),
  });
}

export function useJobInvoice(jobId: string) {
  return useQuery<JobInvoiceDTO>({ queryKey: queryKeys.jobInvoice(jobId) });
}

type PaymentInput = Omit<TPaymentCreate, "reference"> & { reference?: string | null };

/**
 * Records a payment taken at the door, online only (docs/my-day.md): the form's key is kept
 * while the same payment is sent again ("Try again" after an answer that never came), so the
 * server records it once.
 */
export function useTakePayment(jobId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (payment: PaymentInput) =>
      apiJson<PaymentAnswerDTO>("POST", "/api/payments", payment, {
        idempotencyKey: submitKey.keyFor(payment),
      }),
    onSuccess: async () => {
      submitKey.renew();
      // The invoice's balance, and the job's payment status on every list.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.jobInvoice(jobId) }),
        queryClient.invalidateQueries({ queryKey: rootKey("jobs") }),
      ]);
    },
  });
}
