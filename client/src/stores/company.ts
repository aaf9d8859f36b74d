/**
 * The selected company (docs/auth.md): a raw id under `selectedCompanyId` in local
 * storage. Absent means the placeholder `default-company`; Switch Company empties it.
 */
import { DEFAULT_COMPANY_PLACEHOLDER, SELECTED_COMPANY_KEY } from "@sched/shared-types";
import { create } from "zustand";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a real company id, false for the placeholder or an empty selection. */
export function isCompanyId(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

// Storage may be missing (unit tests in node) or refused (private mode): the app still works for the tab.
function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readStoredId(): string {
  const store = storage();
  const stored = store?.getItem(SELECTED_COMPANY_KEY) ?? null;
  if (stored !== null) return stored;
  store?.setItem(SELECTED_COMPANY_KEY, DEFAULT_COMPANY_PLACEHOLDER);
  return DEFAULT_COMPANY_PLACEHOLDER;
}

type CompanyState = {
  /** A company id, the placeholder, or "" after Switch Company. */
  selectedCompanyId: string;
  selectCompany: (companyId: string) => void;
  /** Switch Company: the user wants to choose again, so nothing is picked for them. */
  clearSelection: () => void;
  /** Logout: forget the company; the next sign-in starts as on a fresh load. */
  resetSelection: () => void;
};

export const useCompanyStore = create<CompanyState>()((set) => ({
  selectedCompanyId: readStoredId(),
  selectCompany: (companyId) => {
    storage()?.setItem(SELECTED_COMPANY_KEY, companyId);
    set({ selectedCompanyId: companyId });
  },
  clearSelection: () => {
    storage()?.removeItem(SELECTED_COMPANY_KEY);
    set({ selectedCompanyId: "" });
  },
  resetSelection: () => {
    storage()?.removeItem(SELECTED_COMPANY_KEY);
    set({ selectedCompanyId: DEFAULT_COMPANY_PLACEHOLDER });
  },
}));

/** The selected company id when it is a real id, for request headers. */
export function selectedCompanyIdForRequests(): string | null {
  const { selectedCompanyId } = useCompanyStore.getState();
  return isCompanyId(selectedCompanyId) ? selectedCompanyId : null;
}
