/** The quotes' server state (docs/quotes.md): the list, one quote, and the changes. */
import type {
  QuoteDTO,
  QuoteSendResultDTO,
  QuoteStatus,
  QuoteSummaryDTO,
  TQuoteCreate,
} from "@sched/shared-types";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys, rootKey } from "../../lib/queryKeys";

const QUOTES_URL = "/api/quotes";

/** The company's quotes, all or of one status; a `quote.updated` event refetches them (useRealtime). */
export function useQuoteList(companyId: string, status?: QuoteStatus) {
  return useQuery<QuoteSummaryDTO[]>({
    queryKey: queryKeys.quotes(companyId, status),
    // The list stays while another status loads, instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useQuote(quoteId: string | undefined) {
  return useQuery<QuoteDTO>({
    queryKey: queryKeys.quote(quoteId ?? ""),
    enabled: Boolean(quoteId),
    retry: false,
  });
}

/** What the editor sends: the whole quote (its options and lines are replaced on a save). */
export type QuoteInput = Omit<TQuoteCreate, "companyId">;

type SaveQuote = { id?: undefined; values: QuoteInput } | { id: string; values: QuoteInput; version: number };

/** Puts the saved quote in the cache at once; the lists refetch. */
function useStoreQuote() {
  const queryClient = useQueryClient();
  return async (quote: QuoteDTO) => {
    queryClient.setQueryData(queryKeys.quote(quote.id), quote);
    await queryClient.invalidateQueries({
      queryKey: rootKey("quotes"),
      predicate: (query) => query.queryKey[1] !== quote.id,
    });
  };
}

export function useSaveQuote(companyId: string) {
  const store = useStoreQuote();
  const submitKey = useSubmitKey();
  return useMutation({
    mutationFn: (save: SaveQuote) => {
      const body = { ...save.values, companyId };
      if (save.id === undefined) {
        return apiJson<QuoteDTO>("POST", QUOTES_URL, body, { idempotencyKey: submitKey.keyFor(body) });
      }
      return apiJson<QuoteDTO>("PUT", `${QUOTES_URL}/${save.id}`, { ...body, version: save.version });
    },
    onSuccess: async (quote, { id }) => {
      if (id === undefined) submitKey.renew();
      await store(quote);
    },
  });
}

/** Sends the quote's link by e-mail or text; the answer carries the link to show and copy. */
export function useSendQuote() {
  const store = useStoreQuote();
  return useMutation({
    mutationFn: ({ id, channel, version }: { id: string; channel: "email" | "text"; version: number }) =>
      apiJson<QuoteSendResultDTO>("POST", `${QUOTES_URL}/${id}/send`, { channel, version }),
    onSuccess: (result) => store(result.quote),
  });
}

/** Deletes a draft (the server refuses any other status). */
export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>("DELETE", `${QUOTES_URL}/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.quote(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: rootKey("quotes") });
    },
  });
}
