/** The customers' server state: searches, one customer with their history, and the changes (docs/customers.md). */
import type {
  CustomerDetailDTO,
  CustomerDTO,
  CustomerImportMode,
  CustomerImportResultDTO,
  TCustomerInput,
} from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiJson } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";

const CUSTOMERS_URL = "/api/customers";

/** `value`, once it has stopped changing for `ms`: a search per pause, not per key press. */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The company's customers matching `q` (all of them by name, up to the server's limit, when empty). */
export function useCustomerSearch(companyId: string | null, q: string) {
  return useQuery<CustomerDTO[]>({
    queryKey: queryKeys.customers(companyId ?? "", q.trim()),
    enabled: companyId !== null,
    // The list stays while the next search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useCustomer(customerId: string | undefined) {
  return useQuery<CustomerDetailDTO>({
    queryKey: queryKeys.customer(customerId ?? ""),
    enabled: Boolean(customerId),
    retry: false,
  });
}

function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rootKey("customers") });
}

/** A new customer (no id), or the edited one from the version the user opened. */
type SaveCustomer =
  | { id?: undefined; values: TCustomerInput }
  | { id: string; values: TCustomerInput; version: number };

export function useSaveCustomer(companyId: string) {
  const invalidate = useInvalidateCustomers();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (save: SaveCustomer) => {
      const body = { ...save.values, companyId };
      if (save.id === undefined) {
        return apiJson<CustomerDTO>("POST", CUSTOMERS_URL, body, { idempotencyKey: submitKey.keyFor(body) });
      }
      return apiJson<CustomerDTO>("PUT", `${CUSTOMERS_URL}/${save.id}`, { ...body, version: save.version });
    },
    onSuccess: async (_customer, { id }) => {
      if (id === undefined) submitKey.renew();
      await invalidate();
    },
  });
}

export function useDeleteCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>("DELETE", `${CUSTOMERS_URL}/${id}`),
    onSuccess: () => invalidate(),
  });
}

export function useImportCustomers(companyId: string) {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ csv, dryRun, mode }: { csv: string; dryRun: boolean; mode: CustomerImportMode }) =>
      apiJson<CustomerImportResultDTO>("POST", `${CUSTOMERS_URL}/import`, { companyId, csv, dryRun, mode }),
    onSuccess: async (result) => {
      if (!result.dryRun) await invalidate();
    },
  });
}
