/**
 * An approved quote's "Choose a time" (docs/quotes.md): the windows offered for the quote's
 * job, and the customer's pick. Types only from shared-types: the page carries no zod.
 */
import type { QuoteWindowsDTO, TQuoteWindowPick } from "@sched/shared-types";
import { call, post } from "./api";

export type QuoteWindows = QuoteWindowsDTO;

const windowsUrl = (token: string) => `/api/public/quotes/${encodeURIComponent(token)}`;

export function getQuoteWindows(token: string, from: string, days: number) {
  const params = new URLSearchParams({ from, days: String(days) });
  return call<QuoteWindows>(`${windowsUrl(token)}/windows?${params}`, { cache: "no-store" });
}

export const chooseQuoteWindow = (token: string, pick: TQuoteWindowPick) =>
  post<QuoteWindows>(`${windowsUrl(token)}/window`, pick);
