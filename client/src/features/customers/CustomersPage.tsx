import {
  EnvironmentOutlined,
  MailOutlined,
  PhoneOutlined,
  PlusOutlined,
  UploadOutlined,
} from "@ant-design/icons";
import { CUSTOMER_SEARCH_LIMIT_DEFAULT } from "@sched/shared-types";
import { Alert, Button, Card, Empty, Input, Skeleton } from "antd";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { CustomerFormDialog } from "./CustomerFormDialog";
import { ImportCustomersDialog } from "./ImportCustomersDialog";
import { useCustomerSearch, useDebounced } from "./useCustomers";
import "./customers.css";
import { TrialLock } from "../../components/TrialLock";
import { errorMessage } from "../../lib/errorText";

/**
 * The company's customers (docs/customers.md): a search over names, phones, e-mails and
 * addresses, each customer a link to their page. The search is kept in the URL (?q=).
 */
export default function CustomersPage() {
  const { companyId } = useCurrentCompany();
  const canManage = useCan("manageCustomers");
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [typed, setTyped] = useState(params.get("q") ?? "");
  const q = useDebounced(typed).trim();
  const customers = useCustomerSearch(companyId, q);
  const [isAdding, setIsAdding] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  if (!companyId) return null;

  const onSearch = (value: string) => {
    setTyped(value);
    setParams(value.trim() ? { q: value } : {}, { replace: true, preventScrollReset: true });
  };
  const list = customers.data ?? [];

  return (
    <div className="customers-page">
      <div className="customers-header">
        <PageTitle
          title="Customers"
          subtitle="Who they are, where they live, and what was done there before."
        />
        {canManage ? (
          <div className="customers-header__actions">
            <TrialLock action="manageCustomers">
              <Button icon={<UploadOutlined aria-hidden />} onClick={() => setIsImporting(true)}>
                Import
              </Button>
            </TrialLock>
            <TrialLock action="manageCustomers">
              <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setIsAdding(true)}>
                New Customer
              </Button>
            </TrialLock>
          </div>
        ) : null}
      </div>

      <Input.Search
        className="customers-search"
        aria-label="Search customers"
        placeholder="Search by name, phone, e-mail or address"
        allowClear
        value={typed}
        onChange={(event) => onSearch(event.target.value)}
        loading={customers.isFetching && typed.trim() !== ""}
      />

      {customers.isPending ? (
        <Card size="small">
          <Skeleton active paragraph={{ rows: 4 }} />
        </Card>
      ) : customers.isError ? (
        <Alert
          type="error"
          showIcon
          title="Could not load the customers"
          description={errorMessage(customers.error, "Please try again.")}
          action={<Button onClick={() => void customers.refetch()}>Retry</Button>}
        />
      ) : list.length === 0 ? (
        <Card className="customers-empty">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={q ? `No customers match “${q}”.` : "No customers yet."}
          >
            {canManage && !q ? (
              <div className="customers-empty__actions">
                <TrialLock action="manageCustomers">
                  <Button
                    type="primary"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => setIsAdding(true)}
                  >
                    Add Your First Customer
                  </Button>
                </TrialLock>
                <TrialLock action="manageCustomers">
                  <Button icon={<UploadOutlined aria-hidden />} onClick={() => setIsImporting(true)}>
                    Import a Spreadsheet
                  </Button>
                </TrialLock>
              </div>
            ) : null}
          </Empty>
        </Card>
      ) : (
        <>
          <ul className="customers-list" aria-label="Customers" data-testid="customer-list">
            {list.map((customer) => (
              <li key={customer.id}>
                <Link className="customer-row" to={`/customers/${customer.id}`} data-testid="customer-row">
                  <span className="customer-row__name">{customer.name}</span>
                  <span className="customer-row__details">
                    {customer.phone ? (
                      <span>
                        <PhoneOutlined aria-hidden /> {customer.phone}
                      </span>
                    ) : null}
                    {customer.email ? (
                      <span>
                        <MailOutlined aria-hidden /> {customer.email}
                      </span>
                    ) : null}
                    {customer.address ? (
                      <span>
                        <EnvironmentOutlined aria-hidden /> {customer.address}
                      </span>
                    ) : null}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {list.length >= CUSTOMER_SEARCH_LIMIT_DEFAULT ? (
            <p className="customers-more">Showing the first {list.length}. Search to find others.</p>
          ) : null}
        </>
      )}

      <CustomerFormDialog
        companyId={companyId}
        customer={null}
        open={isAdding}
        onClose={() => setIsAdding(false)}
        onSaved={(customer) => navigate(`/customers/${customer.id}`)}
      />
      <ImportCustomersDialog companyId={companyId} open={isImporting} onClose={() => setIsImporting(false)} />
    </div>
  );
}
