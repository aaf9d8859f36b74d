import type { CompanyDTO } from "@sched/shared-types";
import { Card, Tag } from "antd";
import { lazy, Suspense } from "react";
import { CompanyLetter } from "../components/CompanyLetter";
import { PageSpinner } from "../components/PageSpinner";
import { useCompanyStore } from "../stores/company";

// Rarely shown (a user in no company), so its form code loads only when needed.
const CreateFirstCompany = lazy(() => import("./CreateFirstCompany"));

const ROLE_COLORS = { owner: "gold", admin: "blue", employee: "default" } as const;

/** Shown instead of a screen whenever the selected company is not one of the user's. */
export function CompanyPicker({ companies }: { companies: CompanyDTO[] }) {
  const selectCompany = useCompanyStore((state) => state.selectCompany);
  if (companies.length === 0) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <CreateFirstCompany />
      </Suspense>
    );
  }
  return (
    <Card className="company-picker" data-testid="company-picker">
      <h1 className="company-picker__title">Choose a company</h1>
      <p className="company-picker__hint">Pick the company whose schedule you want to work on.</p>
      <div className="company-picker__list">
        {companies.map((company) => (
          <button
            key={company.id}
            type="button"
            className="company-picker__option"
            data-testid="company-option"
            onClick={() => selectCompany(company.id)}
          >
            <CompanyLetter name={company.name} />
            <span className="company-picker__name">{company.name}</span>
            <Tag color={ROLE_COLORS[company.role]}>{company.role}</Tag>
          </button>
        ))}
      </div>
    </Card>
  );
}
