/**
 * Items offline (docs/offline.md): once My Day is on screen and online, in idle time, the
 * items panel's code, the price book and the money settings are fetched once, so the
 * service worker keeps them and a technician who loses the network later still picks items.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "../../lib/queryKeys";

/** After this long at most when the browser has no idle callback (Safari). */
const IDLE_FALLBACK_MS = 2000;

export function usePrefetchJobMoney(companyId: string, isReady: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isReady || !navigator.onLine) return;
    const prefetch = () => {
      void import("../job-money/JobMoney");
      void queryClient.prefetchQuery({ queryKey: queryKeys.priceBook(companyId) });
      void queryClient.prefetchQuery({ queryKey: queryKeys.moneySettings(companyId) });
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(prefetch, { timeout: IDLE_FALLBACK_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(prefetch, IDLE_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [queryClient, companyId, isReady]);
}
