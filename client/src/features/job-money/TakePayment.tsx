/**
 * Taking a payment at the door (docs/my-day.md, "Items and payment"): when the job is on an
 * open invoice with something owed, cash, a cheque or a card on the company's terminal,
 * the amount owed by default, received today. Online only: the balance must be read fresh
 * and the technician must see it recorded before leaving the customer (docs/money.md).
 */
import { WalletOutlined } from "@ant-design/icons";
import {
  formatMoney,
  type JobDTO,
  type JobInvoiceDTO,
  moneyDecimal,
  type PaymentMethod,
  parseMoneyDecimal,
} from "@sched/shared-types";
import { Button, Input, Modal, Segmented } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { toISODate } from "../../lib/dates";
import { useIsOnline } from "../../lib/useIsOnline";
import { useFeedback } from "../../ui/feedback";
import { Field } from "./Field";
import { useJobInvoice, useTakePayment } from "./useJobMoney";

type Invoice = NonNullable<JobInvoiceDTO["invoice"]>;
type DoorMethod = Exclude<PaymentMethod, "bank_transfer">;

const METHODS: { value: DoorMethod; label: string }[] = [
  { value: "cash", label: "Cash" },
  { value: "cheque", label: "Cheque" },
  { value: "card", label: "Card on terminal" },
];
const REFERENCE_LABELS: Record<DoorMethod, string | null> = {
  cash: null,
  cheque: "Cheque number",
  card: "Terminal receipt number (optional)",
};
const locale = () => (typeof navigator === "undefined" ? "en-US" : navigator.language);

export function TakePayment({ job }: { job: JobDTO }) {
  const invoice = useJobInvoice(job.id).data?.invoice;
  const isOnline = useIsOnline();
  const [isOpen, setOpen] = useState(false);
  if (!invoice || invoice.status === "void") return null;
  const isOwed = invoice.balance.amount > 0;
  return (
    <section className="job-payment" aria-label="Payment" data-testid="job-payment">
      <p className="job-payment__line" data-testid="job-payment-balance">
        Invoice #{invoice.number} ·{" "}
        {isOwed ? `Owed ${formatMoney(invoice.balance, locale())}` : "Paid in full"}
      </p>
      {isOwed ? (
        <>
          <Button
            size="large"
            block
            type="primary"
            icon={<WalletOutlined aria-hidden />}
            disabled={!isOnline}
            onClick={() => setOpen(true)}
          >
            Take payment
          </Button>
          {isOnline ? null : (
            <p className="job-money__note" data-testid="job-payment-offline">
              Taking a payment needs a connection.
            </p>
          )}
        </>
      ) : null}
      {isOpen ? <PaymentDialog jobId={job.id} invoice={invoice} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function PaymentDialog({
  jobId,
  invoice,
  onClose,
}: {
  jobId: string;
  invoice: Invoice;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<DoorMethod>("cash");
  const [amountText, setAmountText] = useState(moneyDecimal(invoice.balance));
  const [reference, setReference] = useState("");
  const take = useTakePayment(jobId);
  const isOnline = useIsOnline();
  const { message } = useFeedback();
  const showFailure = useShowFailure();
  const currency = invoice.balance.currency;
  const amount = parseMoneyDecimal(amountText, currency);
  const isAmountValid = amount !== undefined && amount > 0 && amount <= invoice.balance.amount;
  const referenceLabel = REFERENCE_LABELS[method];

  const record = () => {
    if (!isAmountValid || amount === undefined) return;
    const money = { amount, currency };
    take.mutate(
      {
        invoiceId: invoice.id,
        amount: money,
        method,
        reference: referenceLabel ? reference.trim() || null : null,
        receivedOn: toISODate(dayjs()),
        version: invoice.version,
      },
      {
        onSuccess: () => {
          void message.success(`Payment of ${formatMoney(money, locale())} recorded.`);
          onClose();
        },
        onError: (error) => showFailure("Payment not recorded", error),
      },
    );
  };

  return (
    <Modal
      open
      title={`Take payment · Invoice #${invoice.number}`}
      okText="Record payment"
      onOk={record}
      onCancel={onClose}
      okButtonProps={{ disabled: !isAmountValid || !isOnline, loading: take.isPending }}
    >
      <div className="job-payment__form" data-testid="take-payment">
        <Segmented<DoorMethod> block value={method} onChange={setMethod} options={METHODS} />
        <Field label={`Amount (${currency})`}>
          {(id) => (
            <Input
              id={id}
              size="large"
              inputMode="decimal"
              value={amountText}
              status={isAmountValid ? undefined : "error"}
              onChange={(event) => setAmountText(event.target.value)}
            />
          )}
        </Field>
        {isAmountValid ? null : (
          <p className="job-money__note">
            Up to {formatMoney(invoice.balance, locale())}, what is still owed on the invoice.
          </p>
        )}
        {referenceLabel ? (
          <Field label={referenceLabel}>
            {(id) => (
              <Input
                id={id}
                size="large"
                maxLength={200}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
              />
            )}
          </Field>
        ) : null}
        <p className="job-money__note">Received today, {dayjs().format("MMMM D")}.</p>
      </div>
    </Modal>
  );
}
