/**
 * One invoice (docs/money.md, "Screens"): its lines and totals, its credit notes and
 * payments with their refunds, and what the office does with it (InvoiceActions). A payment
 * someone else records shows without a reload: `invoice.updated` refetches it.
 */
import { ArrowLeftOutlined } from "@ant-design/icons";
import type { InvoiceDTO } from "@sched/shared-types";
import { Button, Card, Descriptions, Result, Skeleton, Table } from "antd";
import { Link, useParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { ApiError } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/dates";
import { InvoiceActions } from "./InvoiceActions";
import { StatusTag } from "./InvoicesPage";
import { useMoney } from "./invoiceWords";
import { PaymentsSection } from "./PaymentsSection";
import { useInvoice } from "./useInvoices";
import "./invoices.css";

type InvoiceLine = InvoiceDTO["lines"][number];

const quantityText = (quantity: number) => quantity.toLocaleString(undefined, { maximumFractionDigits: 3 });

export default function InvoicePage() {
  const { invoiceId } = useParams();
  const invoice = useInvoice(invoiceId);
  const back = (
    <Link to="/invoices" className="invoice-page__back">
      <ArrowLeftOutlined aria-hidden /> All invoices
    </Link>
  );
  if (invoice.isPending) {
    return (
      <div className="invoice-page" data-testid="invoice-loading">
        {back}
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (invoice.isError) {
    const isMissing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return (
      <div className="invoice-page">
        {back}
        <PageTitle title="Invoice" />
        <Result
          status={isMissing ? "404" : "warning"}
          title={isMissing ? "Invoice not found" : "The invoice could not be loaded"}
          extra={isMissing ? null : <Button onClick={() => void invoice.refetch()}>Try again</Button>}
        />
      </div>
    );
  }
  return (
    <div className="invoice-page">
      {back}
      <InvoiceBody invoice={invoice.data} />
    </div>
  );
}

function InvoiceBody({ invoice }: { invoice: InvoiceDTO }) {
  const { money } = useMoney();
  return (
    <>
      <div className="invoice-page__header">
        <PageTitle title={`Invoice #${invoice.number}`} />
        <StatusTag status={invoice.status} />
      </div>
      <InvoiceActions invoice={invoice} />
      <Descriptions
        className="invoice-page__facts"
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: "to", label: "Bill to", children: invoice.billTo?.name ?? "No customer" },
          ...(invoice.billTo?.email
            ? [{ key: "email", label: "E-mail", children: invoice.billTo.email }]
            : []),
          { key: "issued", label: "Issued", children: formatDate(invoice.issuedOn) },
          { key: "due", label: "Due", children: formatDate(invoice.dueOn) },
          ...(invoice.sentAt
            ? [{ key: "sent", label: "Sent", children: formatDateTime(invoice.sentAt) }]
            : []),
          ...(invoice.voidedAt
            ? [
                {
                  key: "void",
                  label: "Voided",
                  children: `${formatDateTime(invoice.voidedAt)}: ${invoice.voidReason}`,
                },
              ]
            : []),
        ]}
      />
      <Card size="small" title="Lines" className="invoice-page__card">
        <Table<InvoiceLine>
          rowKey="id"
          size="small"
          dataSource={invoice.lines}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            { title: "Item", dataIndex: "name" },
            { title: "Qty", dataIndex: "quantity", align: "right", render: quantityText },
            { title: "Unit price", dataIndex: "unitPrice", align: "right", render: money },
            {
              title: "Tax",
              key: "tax",
              align: "right",
              render: (_, line) =>
                line.taxPercent === null ? "" : `${money(line.tax)} (${line.taxPercent}%)`,
            },
            {
              title: invoice.pricesIncludeTax ? "Amount (incl. tax)" : "Amount",
              key: "amount",
              align: "right",
              render: (_, line) => money(invoice.pricesIncludeTax ? line.gross : line.net),
            },
          ]}
        />
        <dl className="invoice-totals" data-testid="invoice-totals">
          <dt>Subtotal</dt>
          <dd>{money(invoice.subtotal)}</dd>
          <dt>Tax</dt>
          <dd>{money(invoice.tax)}</dd>
          <dt>Total</dt>
          <dd>{money(invoice.total)}</dd>
          <dt>Paid</dt>
          <dd data-testid="invoice-paid">{money(invoice.paid)}</dd>
          {invoice.credited.amount > 0 ? (
            <>
              <dt>Credited</dt>
              <dd>{money(invoice.credited)}</dd>
            </>
          ) : null}
          <dt className="invoice-totals__balance">Balance</dt>
          <dd className="invoice-totals__balance" data-testid="invoice-balance">
            {money(invoice.balance)}
          </dd>
        </dl>
      </Card>
      {invoice.creditNotes.length > 0 ? (
        <Card size="small" title="Credit notes" className="invoice-page__card">
          <ul className="invoice-notes">
            {invoice.creditNotes.map((note) => (
              <li key={note.id} data-testid="credit-note">
                Credit note #{note.number} · {formatDate(note.issuedOn)} · {money(note.amount)} ·{" "}
                {note.reason}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <PaymentsSection invoice={invoice} />
    </>
  );
}
