/**
 * Record payment and Refund (docs/money.md, "Sending and payments"): the amount typed as a
 * decimal in the invoice's currency; the server's 400s show at their fields, a 409 stale at
 * the dialog's top (invoiceForm.tsx).
 */
import {
  dateIn,
  type InvoiceDTO,
  type Money,
  moneyDecimal,
  PAYMENT_METHODS,
  type PaymentDTO,
  type PaymentMethod,
} from "@sched/shared-types";
import { Form, Input, Modal, Select } from "antd";
import { toISODate } from "../../lib/dates";
import { useFeedback } from "../../ui/feedback";
import { amountRule, typedAmount, useInvoiceFailure } from "./invoiceForm";
import { METHOD_WORDS, useMoney } from "./invoiceWords";
import { useRecordPayment, useRefundPayment } from "./useInvoices";

type PaymentValues = { amount: string; method: PaymentMethod; reference?: string; receivedOn: string };

export function RecordPaymentDialog({ invoice, onClose }: { invoice: InvoiceDTO; onClose: () => void }) {
  const [form] = Form.useForm<PaymentValues>();
  const record = useRecordPayment();
  const { fail, notice } = useInvoiceFailure(form);
  const { notification } = useFeedback();
  const { money, timeZone } = useMoney();
  const { currency } = invoice.total;
  const onFinish = (values: PaymentValues) => {
    const amount = typedAmount(values.amount, currency) as Money;
    const payment = {
      amount,
      method: values.method,
      reference: values.reference?.trim() || null,
      receivedOn: values.receivedOn,
    };
    record.mutateAsync({ invoice, payment }).then(
      (answer) => {
        notification.success({
          title: "Payment recorded",
          description: `${money(amount)} on invoice #${invoice.number}; ${money(answer.invoice.balance)} still owed.`,
        });
        onClose();
      },
      (error: unknown) => fail("Payment not recorded", error),
    );
  };
  return (
    <Modal
      open
      title={`Record payment on invoice #${invoice.number}`}
      okText="Record payment"
      onOk={() => form.submit()}
      confirmLoading={record.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice}
      <Form<PaymentValues>
        form={form}
        name="invoice-payment"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{
          amount: moneyDecimal(invoice.balance),
          method: "bank_transfer",
          // The company's day; this device's until its settings have come.
          receivedOn: timeZone ? dateIn(new Date(), timeZone) : toISODate(undefined),
        }}
      >
        <Form.Item
          label={`Amount (${currency})`}
          name="amount"
          extra={`Still owed: ${money(invoice.balance)}`}
          rules={[amountRule(currency)]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item label="Method" name="method">
          <Select
            options={PAYMENT_METHODS.map((method) => ({ value: method, label: METHOD_WORDS[method] }))}
          />
        </Form.Item>
        <Form.Item
          label="Reference (optional)"
          name="reference"
          extra="A cheque number or a transfer's reference"
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          label="Received on"
          name="receivedOn"
          rules={[{ required: true, message: "Received on is required" }]}
        >
          <Input type="date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** What of a payment can still be refunded. */
export const refundable = (payment: PaymentDTO): Money => ({
  amount: payment.amount.amount - payment.refunded.amount,
  currency: payment.amount.currency,
});

export function RefundDialog({
  invoice,
  payment,
  onClose,
}: {
  invoice: InvoiceDTO;
  payment: PaymentDTO;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ amount: string }>();
  const refund = useRefundPayment();
  const { fail, notice } = useInvoiceFailure(form);
  const { notification } = useFeedback();
  const { money } = useMoney();
  const { currency } = payment.amount;
  const left = refundable(payment);
  const onFinish = ({ amount: typed }: { amount: string }) => {
    const amount = typedAmount(typed, currency) as Money;
    refund.mutateAsync({ payment, amount }).then(
      () => {
        notification.success({
          title: "Refund recorded",
          description: `${money(amount)} back to the customer.`,
        });
        onClose();
      },
      (error: unknown) => fail("Refund not recorded", error),
    );
  };
  return (
    <Modal
      open
      title={`Refund on invoice #${invoice.number}`}
      okText="Refund"
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      confirmLoading={refund.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice}
      <p>
        {METHOD_WORDS[payment.method]} of {money(payment.amount)} received {payment.receivedOn}.
      </p>
      <Form<{ amount: string }>
        form={form}
        name="invoice-refund"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ amount: moneyDecimal(left) }}
      >
        <Form.Item
          label={`Amount (${currency})`}
          name="amount"
          extra={`At most ${money(left)}`}
          rules={[amountRule(currency)]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
