import { SearchOutlined } from "@ant-design/icons";
import { type AdminCompanyDTO, adminStatusLabel } from "@sched/shared-types";
import { Card, Empty, Input, Skeleton, Switch } from "antd";
import dayjs from "dayjs";
import { useDeferredValue, useState } from "react";
import { formatDate } from "../../lib/dates";
import { GrantDialog } from "./GrantDialog";
import { StatusTag } from "./StatusTag";
import { useAdminCompanies, useRevokeFreeAccess } from "./useAdmin";
import { useRevokeConfirm } from "./useRevokeConfirm";

/** The trial line of a TRIAL company: when it ends, or that it has ended (read-only). */
function trialNote(company: AdminCompanyDTO): string | null {
  if (adminStatusLabel(company) !== "TRIAL") return null;
  const ends = dayjs(company.trialEndsAt);
  return ends.isAfter(dayjs()) ? `Trial ends ${formatDate(ends)}` : `Trial ended ${formatDate(ends)}`;
}

/** Every company, searchable by name, with a free-access switch each. */
export function CompanyList() {
  const { data: companies, isPending } = useAdminCompanies();
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search.trim().toLowerCase());
  const [granting, setGranting] = useState<AdminCompanyDTO | null>(null);
  const revoke = useRevokeFreeAccess("Access change failed");
  const confirmRevoke = useRevokeConfirm();

  const shown = (companies ?? []).filter((company) => company.name.toLowerCase().includes(deferredSearch));

  const onToggle = (company: AdminCompanyDTO, isOn: boolean) => {
    if (isOn) {
      setGranting(company);
      return;
    }
    confirmRevoke(company, () => revoke.mutate({ companyId: company.id, companyName: company.name }));
  };

  return (
    <Card
      className="admin-card"
      title="Companies"
      extra={companies ? <span className="admin-card__count">{companies.length}</span> : null}
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search companies by name"
        aria-label="Search companies"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className="admin-list admin-list--tall" data-testid="admin-company-list">
        {isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : shown.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={deferredSearch ? "No companies match your search" : "No companies yet"}
          />
        ) : (
          <ul className="admin-rows">
            {shown.map((company) => {
              const note = trialNote(company);
              const isChanging = revoke.isPending && revoke.variables?.companyId === company.id;
              return (
                <li key={company.id} className="admin-row" data-testid="admin-company-row">
                  <div className="admin-row__main">
                    <div className="admin-row__title">
                      <span className="admin-row__name">{company.name}</span>
                      <StatusTag company={company} />
                    </div>
                    <div className="admin-row__meta">
                      <span>Created {formatDate(company.createdAt)}</span>
                      <span className="admin-row__plan">{company.planType} plan</span>
                      {note ? <span>{note}</span> : null}
                    </div>
                  </div>
                  <div className="admin-row__switch">
                    <span aria-hidden>Free access</span>
                    <Switch
                      checked={company.isFreeAccount}
                      loading={isChanging}
                      aria-label={`Free access for ${company.name}`}
                      onChange={(isOn) => onToggle(company, isOn)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <GrantDialog company={granting} onClose={() => setGranting(null)} />
    </Card>
  );
}
