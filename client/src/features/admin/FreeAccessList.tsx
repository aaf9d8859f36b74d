import { Button, Card, Empty, Skeleton } from "antd";
import { formatDateTime } from "../../lib/dates";
import { useFreeAccessCompanies, useRevokeFreeAccess } from "./useAdmin";
import { useRevokeConfirm } from "./useRevokeConfirm";

/** Companies with free access now: when it was granted, why, and a Revoke button. */
export function FreeAccessList() {
  const { data: companies, isPending } = useFreeAccessCompanies();
  const revoke = useRevokeFreeAccess("Failed to revoke free access");
  const confirmRevoke = useRevokeConfirm();

  return (
    <Card
      className="admin-card"
      title="Free Access Companies"
      extra={companies ? <span className="admin-card__count">{companies.length}</span> : null}
    >
      <div className="admin-list admin-list--short" data-testid="free-access-list">
        {isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : !companies || companies.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No company has free access" />
        ) : (
          <ul className="admin-rows">
            {companies.map((company) => (
              <li key={company.id} className="admin-row" data-testid="free-access-row">
                <div className="admin-row__main">
                  <div className="admin-row__title">
                    <span className="admin-row__name">{company.name}</span>
                  </div>
                  <div className="admin-row__meta">
                    {company.freeAccessGrantedAt ? (
                      <span>Granted {formatDateTime(company.freeAccessGrantedAt)}</span>
                    ) : null}
                  </div>
                  {company.freeAccessNotes ? (
                    <p className="admin-row__notes">{company.freeAccessNotes}</p>
                  ) : null}
                </div>
                <Button
                  danger
                  loading={revoke.isPending && revoke.variables?.companyId === company.id}
                  aria-label={`Revoke free access for ${company.name}`}
                  onClick={() =>
                    confirmRevoke(company, () =>
                      revoke.mutate({ companyId: company.id, companyName: company.name }),
                    )
                  }
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
