import { Result } from "antd";
import type { ReactNode } from "react";
import { useCurrentCompany } from "../entities/company/useCompanies";
import { PageTitle } from "./PageTitle";

type CompanyScreenProps = {
  /** The screen's title, shown also when no company is selected. */
  title: string;
  /** The screen itself, for the selected company. */
  children: (companyId: string) => ReactNode;
};

/** A screen about the selected company: without one it says to pick one first. */
export function CompanyScreen({ title, children }: CompanyScreenProps) {
  const { companyId } = useCurrentCompany();
  if (companyId) return children(companyId);
  return (
    <>
      <PageTitle title={title} />
      <Result status="info" title="Please select a company first" />
    </>
  );
}
