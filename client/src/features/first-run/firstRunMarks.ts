/**
 * What the browser remembers for the first-run checklist (docs/schedule.md), per user and
 * company: that the checklist was dismissed, and that the phone view was opened (the app
 * has no server-side place for that flag, so it is this browser's).
 */
import { useEffect, useSyncExternalStore } from "react";
import { useCurrentCompany } from "../../entities/company/useCompanies";
import { useAuth } from "../../entities/user/useAuth";

type Mark = "dismissed" | "phone-view";

const CHANGED = "first-run-marks-changed";
const keyOf = (mark: Mark, userId: string, companyId: string) =>
  `sched:first-run:${mark}:${userId}:${companyId}`;

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === "1";
  } catch {
    return false;
  }
}

export function setFirstRunMark(mark: Mark, userId: string, companyId: string): void {
  const key = keyOf(mark, userId, companyId);
  if (read(key)) return;
  try {
    window.localStorage.setItem(key, "1");
  } catch {
    // Storage refused (private mode): the checklist simply keeps the step open.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** Live: a mark set in another tab or component shows at once. */
export function useFirstRunMark(mark: Mark, userId: string | undefined, companyId: string | null): boolean {
  const key = userId && companyId ? keyOf(mark, userId, companyId) : null;
  return useSyncExternalStore(subscribe, () => (key ? read(key) : false));
}

/** Opening My Day ticks the checklist's "Open the phone view" step. */
export function useRecordPhoneView(): void {
  const { user } = useAuth();
  const { companyId } = useCurrentCompany();
  useEffect(() => {
    if (user && companyId) setFirstRunMark("phone-view", user.id, companyId);
  }, [user, companyId]);
}
