/**
 * What the office does with an invoice (docs/money.md, "Screens"): Send (and the link to
 * hand over when the answer has one), Download PDF, Record payment, Credit note, Void. What
 * the invoice's state refuses is not offered; the server decides in the end.
 */
import { DownloadOutlined, SendOutlined } from "@ant-design/icons";
import type { InvoiceDTO } from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Typography } from "antd";
import { useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { TrialLock } from "../../components/TrialLock";
import { isApiError } from "../../lib/api";
import { rootKey } from "../../lib/queryKeys";
import { useFeedback } from "../../ui/feedback";
import { CreditNoteDialog, VoidDialog } from "./CorrectionDialogs";
import { RecordPaymentDialog } from "./PaymentDialogs";
import { useSendInvoice } from "./useInvoices";

type Open = "payment" | "credit" | "void" | null;

export function InvoiceActions({ invoice }: { invoice: InvoiceDTO }) {
  const [open, setOpen] = useState<Open>(null);
  const [sentUrl, setSentUrl] = useState<string | null>(null);
  const send = useSendInvoice();
  const showFailure = useShowFailure();
  const queryClient = useQueryClient();
  const { notification } = useFeedback();
  const isVoid = invoice.status === "void";
  const owes = !isVoid && invoice.balance.amount > 0;

  const onSend = () =>
    send.mutateAsync(invoice).then(
      (sent) => {
        setSentUrl(sent.url ?? null);
        notification.success({
          title: `Invoice #${invoice.number} sent`,
          description: invoice.billTo?.email
            ? `E-mailed to ${invoice.billTo.email} with its PDF.`
            : "Marked sent: the customer has no e-mail address, so hand it over yourself.",
        });
      },
      (error: unknown) => {
        if (isApiError(error, "stale")) void queryClient.invalidateQueries({ queryKey: rootKey("invoices") });
        showFailure("Invoice not sent", error);
      },
    );

  return (
    <>
      <div className="invoice-actions">
        {!isVoid && !invoice.sentAt ? (
          <TrialLock action="manageMoney">
            <Button
              type="primary"
              icon={<SendOutlined aria-hidden />}
              loading={send.isPending}
              onClick={onSend}
            >
              Send
            </Button>
          </TrialLock>
        ) : null}
        <Button
          icon={<DownloadOutlined aria-hidden />}
          href={`/api/invoices/${invoice.id}.pdf`}
          download={`invoice-${invoice.number}.pdf`}
        >
          Download PDF
        </Button>
        {owes ? (
          <TrialLock action="manageMoney">
            <Button type={invoice.sentAt ? "primary" : "default"} onClick={() => setOpen("payment")}>
              Record payment
            </Button>
          </TrialLock>
        ) : null}
        {owes ? (
          <TrialLock action="manageMoney">
            <Button onClick={() => setOpen("credit")}>Credit note</Button>
          </TrialLock>
        ) : null}
        {!isVoid ? (
          <TrialLock action="manageMoney">
            <Button danger onClick={() => setOpen("void")}>
              Void
            </Button>
          </TrialLock>
        ) : null}
      </div>
      {sentUrl ? (
        <Alert
          type="success"
          showIcon
          className="invoice-page__link"
          data-testid="invoice-link"
          closable
          onClose={() => setSentUrl(null)}
          title="The customer's invoice page"
          description={
            <Typography.Paragraph copyable={{ text: sentUrl, tooltips: ["Copy link", "Copied"] }}>
              <a href={sentUrl} target="_blank" rel="noreferrer">
                {sentUrl}
              </a>
            </Typography.Paragraph>
          }
        />
      ) : null}
      {open === "payment" ? <RecordPaymentDialog invoice={invoice} onClose={() => setOpen(null)} /> : null}
      {open === "credit" ? <CreditNoteDialog invoice={invoice} onClose={() => setOpen(null)} /> : null}
      {open === "void" ? <VoidDialog invoice={invoice} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
