/**
 * An invoice's payments, each with its refunds and a Refund while some of it is left
 * (docs/money.md, "Sending and payments"). Read again on every `invoice.updated`.
 */
import type { InvoiceDTO, PaymentDTO } from "@sched/shared-types";
import { Button, Card, Empty, Result, Skeleton } from "antd";
import { type ReactNode, useState } from "react";
import { TrialLock } from "../../components/TrialLock";
import { formatDate, formatDateTime } from "../../lib/dates";
import { METHOD_WORDS, useMoney } from "./invoiceWords";
import { RefundDialog, refundable } from "./PaymentDialogs";
import { useInvoicePayments } from "./useInvoices";

export function PaymentsSection({ invoice }: { invoice: InvoiceDTO }) {
  const payments = useInvoicePayments(invoice.id);
  const { money } = useMoney();
  const [refunding, setRefunding] = useState<PaymentDTO | null>(null);
  let body: ReactNode;
  if (payments.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (payments.isError)
    body = (
      <Result
        status="warning"
        title="The payments could not be loaded"
        extra={<Button onClick={() => void payments.refetch()}>Try again</Button>}
      />
    );
  else if (payments.data.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No payments yet" />;
  else
    body = (
      <ul className="invoice-payments" aria-label="Payments">
        {payments.data.map((payment) => (
          <li key={payment.id} className="invoice-payment" data-testid="invoice-payment">
            <div className="invoice-payment__line">
              <span>
                <strong>{money(payment.amount)}</strong> · {METHOD_WORDS[payment.method]}
                {payment.reference ? ` · ${payment.reference}` : ""} · received{" "}
                {formatDate(payment.receivedOn)}
              </span>
              {refundable(payment).amount > 0 ? (
                <TrialLock action="manageMoney">
                  <Button size="small" onClick={() => setRefunding(payment)}>
                    Refund
                  </Button>
                </TrialLock>
              ) : null}
            </div>
            {payment.refunds.length > 0 ? (
              <ul className="invoice-payment__refunds" aria-label="Refunds">
                {payment.refunds.map((refund) => (
                  <li key={refund.id} data-testid="invoice-refund">
                    Refunded {money(refund.amount)} on {formatDateTime(refund.createdAt)}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    );
  return (
    <Card size="small" title="Payments" className="invoice-page__card">
      {body}
      {refunding ? (
        <RefundDialog
          invoice={invoice}
          // The list's newest copy, so a refund made meanwhile is counted.
          payment={payments.data?.find((payment) => payment.id === refunding.id) ?? refunding}
          onClose={() => setRefunding(null)}
        />
      ) : null}
    </Card>
  );
}
