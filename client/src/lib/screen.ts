/** The screen's size class: below 768px the app is laid out for a phone (docs/auth.md). */
import { useSyncExternalStore } from "react";

const SMALL_SCREEN = "(max-width: 767px)";

function subscribeToScreen(onChange: () => void) {
  const query = window.matchMedia(SMALL_SCREEN);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** True below 768px, where the bottom bar replaces the desktop nav. */
export function useIsSmallScreen(): boolean {
  return useSyncExternalStore(subscribeToScreen, () => window.matchMedia(SMALL_SCREEN).matches);
}
