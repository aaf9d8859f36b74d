/**
 * The invoices' server state (docs/money.md, "Screens"): the list, one invoice with its
 * payments, and every change. A change puts its answer in the cache at once; the
 * `invoice.updated` event refreshes the other screens (realtime/useRealtime.ts).
 */
import type {
  InvoiceDTO,
  InvoiceStatus,
  InvoiceSummaryDTO,
  Money,
  PaymentAnswerDTO,
  PaymentDTO,
  PaymentMethod,
} from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";

const INVOICES_URL = "/api/invoices";

/** The company's invoices, all or of one status, newest number first. */
export function useInvoiceList(companyId: string | null, status?: InvoiceStatus, enabled = true) {
  return useQuery<InvoiceSummaryDTO[]>({
    queryKey: queryKeys.invoices(companyId ?? "", status),
    enabled: enabled && Boolean(companyId),
    // The list stays while another status loads, instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(invoiceId: string | undefined) {
  return useQuery<InvoiceDTO>({
    queryKey: queryKeys.invoice(invoiceId ?? ""),
    enabled: Boolean(invoiceId),
    retry: false,
  });
}

export function useInvoicePayments(invoiceId: string | undefined) {
  return useQuery<PaymentDTO[]>({
    queryKey: queryKeys.invoicePayments(invoiceId ?? ""),
    enabled: Boolean(invoiceId),
  });
}

/**
 * Puts the changed invoice in the cache; its lists, its payments and the jobs read again in
 * the background (the change's button does not wait for them).
 */
function useStoreInvoice() {
  const queryClient = useQueryClient();
  return (invoice: InvoiceDTO | { id: string }) => {
    if ("lines" in invoice) queryClient.setQueryData(queryKeys.invoice(invoice.id), invoice);
    void queryClient.invalidateQueries({
      queryKey: rootKey("invoices"),
      predicate: (query) => !("lines" in invoice) || query.queryKey[1] !== invoice.id,
    });
    // The jobs' amount and payment status follow their invoice.
    void queryClient.invalidateQueries({ queryKey: rootKey("jobs") });
  };
}

/** POST /api/invoices {companyId, jobIds}: one job or several of one customer's. */
export function useCreateInvoice(companyId: string | null) {
  const store = useStoreInvoice();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (jobIds: string[]) => {
      const body = { companyId: companyId ?? undefined, jobIds };
      return apiJson<InvoiceDTO>("POST", INVOICES_URL, body, { idempotencyKey: submitKey.keyFor(body) });
    },
    onSuccess: (invoice) => {
      submitKey.renew();
      store(invoice);
    },
  });
}

/** The send answer; `url` is the customer's invoice page when the server gives one. */
export type SentInvoice = InvoiceDTO & { url?: string };

export function useSendInvoice() {
  const store = useStoreInvoice();
  return useMutation({
    mutationFn: (invoice: InvoiceDTO) =>
      apiJson<SentInvoice>("POST", `${INVOICES_URL}/${invoice.id}/send`, { version: invoice.version }),
    onSuccess: (sent) => store(sent),
  });
}

export function useVoidInvoice() {
  const store = useStoreInvoice();
  return useMutation({
    mutationFn: ({ invoice, reason }: { invoice: InvoiceDTO; reason: string }) =>
      apiJson<InvoiceDTO>("POST", `${INVOICES_URL}/${invoice.id}/void`, { reason, version: invoice.version }),
    onSuccess: (voided) => store(voided),
  });
}

export function useCreditNote() {
  const store = useStoreInvoice();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: ({ invoice, amount, reason }: { invoice: InvoiceDTO; amount: Money; reason: string }) => {
      const body = { amount, reason, version: invoice.version };
      return apiJson<InvoiceDTO>("POST", `${INVOICES_URL}/${invoice.id}/credit-notes`, body, {
        idempotencyKey: submitKey.keyFor(body),
      });
    },
    onSuccess: (invoice) => {
      submitKey.renew();
      store(invoice);
    },
  });
}

export type PaymentInput = {
  amount: Money;
  method: PaymentMethod;
  reference: string | null;
  receivedOn: string;
};

export function useRecordPayment() {
  const store = useStoreInvoice();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: ({ invoice, payment }: { invoice: InvoiceDTO; payment: PaymentInput }) => {
      const body = { ...payment, invoiceId: invoice.id, version: invoice.version };
      return apiJson<PaymentAnswerDTO>("POST", "/api/payments", body, {
        idempotencyKey: submitKey.keyFor(body),
      });
    },
    onSuccess: (answer) => {
      submitKey.renew();
      store(answer.invoice);
    },
  });
}

export function useRefundPayment() {
  const store = useStoreInvoice();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: ({ payment, amount }: { payment: PaymentDTO; amount: Money }) => {
      const body = { amount, version: payment.version };
      return apiJson<PaymentAnswerDTO>("POST", `/api/payments/${payment.id}/refund`, body, {
        idempotencyKey: submitKey.keyFor(body),
      });
    },
    onSuccess: (answer) => {
      submitKey.renew();
      store(answer.invoice);
    },
  });
}
