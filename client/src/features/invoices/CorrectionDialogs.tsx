/**
 * Void and Credit note (docs/money.md): a sent invoice is never edited in place. A void
 * puts its jobs back to be invoiced anew; a credit note lowers the balance by at most what
 * is still owed.
 */
import { type InvoiceDTO, type Money, moneyDecimal } from "@sched/shared-types";
import { Form, Input, Modal } from "antd";
import { useFeedback } from "../../ui/feedback";
import { amountRule, typedAmount, useInvoiceFailure } from "./invoiceForm";
import { useMoney } from "./invoiceWords";
import { useCreditNote, useVoidInvoice } from "./useInvoices";

const reasonRules = [
  { required: true, whitespace: true, message: "Reason is required" },
  { max: 500, message: "Reason must be 500 characters or less" },
];

type DialogProps = { invoice: InvoiceDTO; onClose: () => void };

export function VoidDialog({ invoice, onClose }: DialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const voidInvoice = useVoidInvoice();
  const { fail, notice } = useInvoiceFailure(form);
  const { notification } = useFeedback();
  const onFinish = ({ reason }: { reason: string }) =>
    voidInvoice.mutateAsync({ invoice, reason: reason.trim() }).then(
      () => {
        notification.success({
          title: `Invoice #${invoice.number} is void`,
          description: "Its jobs can be invoiced again.",
        });
        onClose();
      },
      (error: unknown) => fail("Invoice not voided", error),
    );
  return (
    <Modal
      open
      title={`Void invoice #${invoice.number}`}
      okText="Void invoice"
      okButtonProps={{ danger: true }}
      onOk={() => form.submit()}
      confirmLoading={voidInvoice.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice}
      <p>A void invoice stays in the list with its number; nothing more is owed on it.</p>
      <Form form={form} name="invoice-void" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="Reason" name="reason" rules={reasonRules}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type CreditValues = { amount: string; reason: string };

export function CreditNoteDialog({ invoice, onClose }: DialogProps) {
  const [form] = Form.useForm<CreditValues>();
  const credit = useCreditNote();
  const { fail, notice } = useInvoiceFailure(form);
  const { notification } = useFeedback();
  const { money } = useMoney();
  const { currency } = invoice.balance;
  const onFinish = (values: CreditValues) => {
    const amount = typedAmount(values.amount, currency) as Money;
    credit.mutateAsync({ invoice, amount, reason: values.reason.trim() }).then(
      () => {
        notification.success({
          title: "Credit note added",
          description: `${money(amount)} off invoice #${invoice.number}.`,
        });
        onClose();
      },
      (error: unknown) => fail("Credit note not added", error),
    );
  };
  return (
    <Modal
      open
      title={`Credit note on invoice #${invoice.number}`}
      okText="Add credit note"
      onOk={() => form.submit()}
      confirmLoading={credit.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {notice}
      <Form<CreditValues>
        form={form}
        name="invoice-credit"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ amount: moneyDecimal(invoice.balance), reason: "" }}
      >
        <Form.Item
          label={`Amount (${currency})`}
          name="amount"
          extra={`At most the balance, ${money(invoice.balance)}`}
          rules={[amountRule(currency)]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item label="Reason" name="reason" rules={reasonRules}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
