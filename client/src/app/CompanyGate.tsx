import { Button, Result } from "antd";
import { Fragment, type ReactNode, useEffect } from "react";
import { PageSpinner } from "../components/PageSpinner";
import { useCompanyStore } from "../stores/company";
import { CompanyPicker } from "./CompanyPicker";
import { useCompanies } from "./useCompanies";

/**
 * Renders its children only once one of the user's companies is selected. A user with a
 * single company gets it selected for them, unless they just asked to switch.
 */
export function CompanyGate({ children }: { children: ReactNode }) {
  const { data: companies, isPending, isError, refetch } = useCompanies();
  const selectedCompanyId = useCompanyStore((state) => state.selectedCompanyId);
  const selectCompany = useCompanyStore((state) => state.selectCompany);
  const isSelectionValid = companies?.some((company) => company.id === selectedCompanyId) ?? false;
  const onlyCompanyId = companies?.length === 1 ? companies[0].id : null;
  const shouldAutoSelect = !isSelectionValid && selectedCompanyId !== "" && onlyCompanyId !== null;

  useEffect(() => {
    if (shouldAutoSelect && onlyCompanyId) selectCompany(onlyCompanyId);
  }, [shouldAutoSelect, onlyCompanyId, selectCompany]);

  if (isPending || shouldAutoSelect) return <PageSpinner />;
  if (isError) {
    return (
      <Result
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
  if (!isSelectionValid) return <CompanyPicker companies={companies} />;
  // A new company remounts the screen, so nothing of the previous company's stays on it.
  return <Fragment key={selectedCompanyId}>{children}</Fragment>;
}
