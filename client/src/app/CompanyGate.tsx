import { Button } from "antd";
import { Fragment, lazy, type ReactNode, Suspense, useDeferredValue, useEffect } from "react";
import { LazyResult } from "../components/LazyResult";
import { PageSpinner } from "../components/PageSpinner";
import { useCompanyTimeFormat } from "../entities/company/timeFormat";
import { useCompanies } from "../entities/company/useCompanies";
import { useCompanyStore } from "../stores/company";

// Shown only to a member of several companies who has not chosen one: not in the frame's code.
const CompanyPicker = lazy(() =>
  import("./CompanyPicker").then((module) => ({ default: module.CompanyPicker })),
);

/**
 * Renders its children only once one of the user's companies is selected. A user with a
 * single company gets it selected for them, unless they just asked to switch.
 */
export function CompanyGate({ children }: { children: ReactNode }) {
  const { data, isError, refetch } = useCompanies();
  // The list's arrival draws the frame and its screen: in a background render, in slices,
  // not in one block (a query's update alone would render at once; docs/performance.md).
  const companies = useDeferredValue(data);
  // The selection too (a store's update renders at once as well), so the screen the first
  // selection opens is drawn in slices.
  const selectedCompanyId = useDeferredValue(useCompanyStore((state) => state.selectedCompanyId));
  const selectCompany = useCompanyStore((state) => state.selectCompany);
  const isSelectionValid = companies?.some((company) => company.id === selectedCompanyId) ?? false;
  const onlyCompanyId = companies?.length === 1 ? companies[0].id : null;
  const shouldAutoSelect = !isSelectionValid && selectedCompanyId !== "" && onlyCompanyId !== null;
  // Times read the company's way on every screen below (docs/settings.md).
  const timeFormat = useCompanyTimeFormat(isSelectionValid ? selectedCompanyId : null);

  useEffect(() => {
    if (shouldAutoSelect && onlyCompanyId) selectCompany(onlyCompanyId);
  }, [shouldAutoSelect, onlyCompanyId, selectCompany]);

  if ((companies === undefined && !isError) || shouldAutoSelect) return <PageSpinner />;
  // A failed refresh keeps the list it had (the phone's kept copy offline, docs/offline.md).
  if (companies === undefined) {
    return (
      <LazyResult
        status="warning"
        title="Your companies could not be loaded"
        extra={
          <Button type="primary" onClick={() => void refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!isSelectionValid) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <CompanyPicker companies={companies} />
      </Suspense>
    );
  }
  // A new company remounts the screen, so nothing of the previous company's stays on it;
  // so does a new time format (rare: the owner's choice), so no drawn time keeps the old one.
  return <Fragment key={`${selectedCompanyId}:${timeFormat}`}>{children}</Fragment>;
}
