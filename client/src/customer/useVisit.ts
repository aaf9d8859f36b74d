/**
 * The visit, kept live: asked again every 15 seconds while the page is in view and at
 * once when it comes back into view, with the ETag of the copy we have, so an unchanged
 * visit costs a 304 (docs/customer-pages.md). No socket: a customer's page polls.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiError, getVisit, type Visit } from "./api";

export const POLL_MS = 15_000;

export type VisitState = { visit: Visit | null; invalid: boolean; error: string | null };

export function useVisit(token: string) {
  const [state, setState] = useState<VisitState>({ visit: null, invalid: false, error: null });
  const etag = useRef<string | null>(null);
  const invalid = useRef(false);

  const refresh = useCallback(async () => {
    if (invalid.current) return;
    try {
      const answer = await getVisit(token, etag.current);
      if (answer === "unchanged") return;
      etag.current = answer.etag;
      setState({ visit: answer.visit, invalid: false, error: null });
    } catch (caught) {
      const error = caught as ApiError;
      // 404 (no such link) and 410 (expired or revoked): the link will not work again.
      if (error.status === 404 || error.status === 410 || error.status === 400) {
        invalid.current = true;
        setState({ visit: null, invalid: true, error: null });
      } else setState((before) => ({ ...before, error: error.message }));
    }
  }, [token]);

  useEffect(() => {
    void refresh();
    const visible = () => document.visibilityState === "visible";
    const timer = setInterval(() => {
      if (visible()) void refresh();
    }, POLL_MS);
    const onVisibility = () => {
      if (visible()) void refresh();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [refresh]);

  return { ...state, refresh };
}
