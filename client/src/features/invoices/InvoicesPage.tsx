/**
 * The company's invoices (docs/money.md, "Screens"): owners and admins. A status filter kept
 * in the address (?status=), a table on a desktop and cards on a phone; each invoice opens
 * its page. Another person's payment or a new invoice shows without a reload: the
 * `invoice.updated` event refetches the list (realtime/useRealtime.ts).
 */
import { FileDoneOutlined } from "@ant-design/icons";
import { INVOICE_STATUSES, type InvoiceStatus, type InvoiceSummaryDTO } from "@sched/shared-types";
import { Select, Skeleton, Table, Tag } from "antd";
import type { HTMLAttributes } from "react";
import { Link, useSearchParams } from "react-router";
import { CompanyScreen } from "../../components/CompanyScreen";
import { EmptyCard, ListBody } from "../../components/ListBody";
import { PageTitle } from "../../components/PageTitle";
import { formatDate } from "../../lib/dates";
import { useIsSmallScreen } from "../../lib/screen";
import { STATUS_COLORS, STATUS_WORDS, useMoney } from "./invoiceWords";
import { useInvoiceList } from "./useInvoices";
import "./invoices.css";

const isStatus = (value: string | null): value is InvoiceStatus =>
  (INVOICE_STATUSES as readonly string[]).includes(value ?? "");

export function StatusTag({ status }: { status: InvoiceStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="invoice-status">
      {STATUS_WORDS[status]}
    </Tag>
  );
}

export default function InvoicesPage() {
  return <CompanyScreen title="Invoices">{(companyId) => <Invoices companyId={companyId} />}</CompanyScreen>;
}

function Invoices({ companyId }: { companyId: string }) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get("status");
  const status = isStatus(wanted) ? wanted : undefined;
  const invoices = useInvoiceList(companyId, status);
  const isPhone = useIsSmallScreen();
  const { money } = useMoney();
  const customer = (invoice: InvoiceSummaryDTO) => invoice.billTo?.name ?? "No customer";

  return (
    <div className="invoices-page">
      <PageTitle title="Invoices" subtitle="What customers owe, what they paid, and what is overdue." />
      <Select<InvoiceStatus | "all">
        className="invoices-filter"
        aria-label="Status"
        value={status ?? "all"}
        onChange={(value) =>
          setParams(value === "all" ? {} : { status: value }, { replace: true, preventScrollReset: true })
        }
        options={[
          { value: "all", label: "All statuses" },
          ...INVOICE_STATUSES.map((value) => ({ value, label: STATUS_WORDS[value] })),
        ]}
      />
      <ListBody
        query={invoices}
        listClassName="invoices-list"
        loadingTestId="invoices-loading"
        skeleton={<Skeleton active paragraph={{ rows: 1 }} />}
        errorTitle="The invoices could not be loaded"
        empty={
          <EmptyCard
            className="invoices-empty"
            testId="invoices-empty"
            icon={FileDoneOutlined}
            title={status ? `No ${STATUS_WORDS[status].toLowerCase()} invoices` : "No invoices yet"}
            text="Open a job on the schedule and choose Create invoice: its items become the lines."
          />
        }
      >
        {(list) =>
          isPhone ? (
            <ul className="invoices-list" aria-label="Invoices" data-testid="invoice-list">
              {list.map((invoice) => (
                <li key={invoice.id}>
                  <Link className="invoice-card" to={`/invoices/${invoice.id}`} data-testid="invoice-row">
                    <span className="invoice-card__top">
                      <strong>Invoice #{invoice.number}</strong>
                      <StatusTag status={invoice.status} />
                    </span>
                    <span>{customer(invoice)}</span>
                    <span className="invoice-card__money">
                      <span>Total {money(invoice.total)}</span>
                      <span>Balance {money(invoice.balance)}</span>
                    </span>
                    <span className="invoice-card__dates">
                      Issued {formatDate(invoice.issuedOn)} · Due {formatDate(invoice.dueOn)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <Table<InvoiceSummaryDTO>
              rowKey="id"
              dataSource={list}
              pagination={list.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              data-testid="invoice-list"
              onRow={() => ({ "data-testid": "invoice-row" }) as HTMLAttributes<HTMLElement>}
              columns={[
                {
                  title: "Number",
                  dataIndex: "number",
                  render: (number: number, invoice) => (
                    <Link to={`/invoices/${invoice.id}`}>Invoice #{number}</Link>
                  ),
                },
                { title: "Customer", key: "customer", render: (_, invoice) => customer(invoice) },
                { title: "Issued", dataIndex: "issuedOn", render: formatDate },
                { title: "Due", dataIndex: "dueOn", render: formatDate },
                {
                  title: "Status",
                  dataIndex: "status",
                  render: (value: InvoiceStatus) => <StatusTag status={value} />,
                },
                { title: "Total", dataIndex: "total", align: "right", render: money },
                { title: "Balance", dataIndex: "balance", align: "right", render: money },
              ]}
            />
          )
        }
      </ListBody>
    </div>
  );
}
