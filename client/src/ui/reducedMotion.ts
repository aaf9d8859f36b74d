/**
 * The person's "reduce motion" setting (WCAG 2.3.3): antd's dialogs and menus open without
 * zooming or sliding when it is on (Providers turns antd's `motion` token off), and the
 * connection dot stops pulsing (app/layout.css). Read live, so changing it applies at once.
 */
import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

const media = () => (typeof window.matchMedia === "function" ? window.matchMedia(QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener("change", onChange);
  return () => list?.removeEventListener("change", onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
