/** The price book's server state (docs/money.md): the list, the money settings, and the changes. */
import type { MoneySettingsDTO, PriceBookEntryDTO, PriceBookItemDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";

const PRICE_BOOK_URL = "/api/price-book";

/** The answer leaves prices out only for a technician; the office always has them (docs/money.md). */
const priced = (entries: PriceBookEntryDTO[]) =>
  entries.filter((entry): entry is PriceBookItemDTO => entry.unitPrice !== undefined);

export function usePriceBook(companyId: string) {
  return useQuery<PriceBookEntryDTO[], Error, PriceBookItemDTO[]>({
    queryKey: queryKeys.priceBook(companyId),
    retry: false,
    select: priced,
  });
}

export function useMoneySettings(companyId: string) {
  return useQuery<MoneySettingsDTO>({ queryKey: queryKeys.moneySettings(companyId) });
}

/** What the form sends: amounts already in minor units. */
export type PriceBookInput = Pick<PriceBookItemDTO, "name" | "kind" | "unitPrice" | "taxRateId" | "unit">;

type Save =
  | { id?: undefined; values: PriceBookInput }
  | { id: string; values: PriceBookInput; version: number };

export function useSavePriceBookItem(companyId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (save: Save) => {
      const body = { ...save.values, companyId };
      if (save.id === undefined)
        return apiJson<PriceBookItemDTO>("POST", PRICE_BOOK_URL, body, {
          idempotencyKey: submitKey.keyFor(body),
        });
      return apiJson<PriceBookItemDTO>("PUT", `${PRICE_BOOK_URL}/${save.id}`, {
        ...body,
        version: save.version,
      });
    },
    onSuccess: async (_item, { id }) => {
      if (id === undefined) submitKey.renew();
      await queryClient.invalidateQueries({ queryKey: rootKey("price-book") });
    },
  });
}

export function useDeletePriceBookItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>("DELETE", `${PRICE_BOOK_URL}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rootKey("price-book") }),
  });
}
