/**
 * Under the job dialog's Items (docs/money.md, "Screens"): Create invoice in one click, or
 * Invoice several jobs of the same customer (the ones not invoiced yet); once invoiced, the
 * link to the invoice and the job's amount and payment status, which come from it.
 */
import {
  type InvoiceDTO,
  type InvoiceStatus,
  type JobDTO,
  moneyDecimal,
  type PaymentStatus,
  parseMoneyDecimal,
  sumMoney,
} from "@sched/shared-types";
import { Button, Checkbox, Modal } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useShowFailure } from "../../components/FailureNotice";
import { TrialLock } from "../../components/TrialLock";
import { PAYMENT_LABELS } from "../../entities/job/jobStyle";
import { formatDate } from "../../lib/dates";
import { useCustomer } from "../customers/useCustomers";
import { useMoneySettings } from "../price-book/usePriceBook";
import { useMoney } from "./invoiceWords";
import { useCreateInvoice, useInvoice } from "./useInvoices";

type Invoiced = { id: string; number: number };

/**
 * The job as its open invoice has it now, for the dialog's read-only Amount and Payment
 * status: the invoice's number, then (once the invoice is read) the job's amount, "" where
 * the job keeps none (docs/money.md), and its payment status.
 */
export type JobBilled = { number: number; amount?: string; paymentStatus?: PaymentStatus };

type JobInvoicingProps = {
  job: JobDTO;
  invoice: Invoiced | null;
  hasItems: boolean;
  onInvoiced?: (billed: JobBilled | null) => void;
};

/** A job that can still go on an invoice: not cancelled, not billed by one already. */
const isUninvoiced = (job: JobDTO) => job.status !== "cancelled" && job.paymentStatus === "pending";

export function JobInvoicing({ job, invoice, hasItems, onInvoiced }: JobInvoicingProps) {
  const create = useCreateInvoice(job.companyId);
  const showFailure = useShowFailure();
  const [created, setCreated] = useState<Invoiced | null>(null);
  const [isChoosing, setIsChoosing] = useState(false);
  const shown: Invoiced | null = invoice ?? created;
  const number = shown?.number ?? null;
  // Kept current by `invoice.updated`: a payment taken elsewhere shows at once.
  const detail = useInvoice(shown?.id).data;
  const amount = detail ? jobAmountText(detail, job.id) : undefined;
  const paymentStatus = detail ? jobPaymentStatus(detail.status) : undefined;
  useEffect(
    () => onInvoiced?.(number === null ? null : { number, amount, paymentStatus }),
    [number, amount, paymentStatus, onInvoiced],
  );

  if (shown) return <InvoicedNote job={job} invoice={shown} detail={detail} />;
  if (job.status === "cancelled") return null;
  const createFor = (jobIds: string[]) =>
    create.mutateAsync(jobIds).then(
      (made) => {
        setCreated(made);
        setIsChoosing(false);
      },
      (error: unknown) => showFailure("Invoice not created", error),
    );
  return (
    <div className="job-items__billing">
      <TrialLock action="manageMoney">
        <Button
          type="primary"
          loading={create.isPending && !isChoosing}
          disabled={!hasItems && !job.amount}
          onClick={() => void createFor([job.id])}
        >
          Create invoice
        </Button>
      </TrialLock>
      {job.customerId ? <SeveralJobs job={job} onOpen={() => setIsChoosing(true)} /> : null}
      {isChoosing && job.customerId ? (
        <ChooseJobsDialog
          job={job}
          isCreating={create.isPending}
          onCreate={(jobIds) => void createFor(jobIds)}
          onClose={() => setIsChoosing(false)}
        />
      ) : null}
    </div>
  );
}

/** The customer's other jobs that are not invoiced yet, this job first. */
function useUninvoicedJobs(job: JobDTO): JobDTO[] {
  const customer = useCustomer(job.customerId ?? undefined);
  const theirs = [...(customer.data?.upcomingJobs ?? []), ...(customer.data?.pastJobs ?? [])];
  return [job, ...theirs.filter((other) => other.id !== job.id && isUninvoiced(other))];
}

function SeveralJobs({ job, onOpen }: { job: JobDTO; onOpen: () => void }) {
  const jobs = useUninvoicedJobs(job);
  if (jobs.length < 2) return null;
  return (
    <TrialLock action="manageMoney">
      <Button onClick={onOpen}>Invoice several jobs</Button>
    </TrialLock>
  );
}

function ChooseJobsDialog({
  job,
  isCreating,
  onCreate,
  onClose,
}: {
  job: JobDTO;
  isCreating: boolean;
  onCreate: (jobIds: string[]) => void;
  onClose: () => void;
}) {
  const jobs = useUninvoicedJobs(job);
  const [chosen, setChosen] = useState<string[]>(() => jobs.map((candidate) => candidate.id));
  const amount = useJobAmount(job.companyId);
  return (
    <Modal
      open
      title={`Invoice jobs for ${job.customerName ?? "this customer"}`}
      okText={`Create invoice for ${chosen.length} job${chosen.length === 1 ? "" : "s"}`}
      okButtonProps={{ disabled: chosen.length === 0 }}
      confirmLoading={isCreating}
      onOk={() => onCreate(chosen)}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>One invoice for the jobs chosen; each job's items become its lines.</p>
      <Checkbox.Group
        className="job-items__choices"
        aria-label="Jobs to invoice"
        value={chosen}
        onChange={(values) => setChosen(values as string[])}
        options={jobs.map((candidate) => ({
          value: candidate.id,
          label: [
            candidate.date ? formatDate(candidate.date) : "Unscheduled",
            candidate.type,
            candidate.location,
            candidate.amount ? amount(candidate.amount) : null,
          ]
            .filter(Boolean)
            .join(" · "),
        }))}
      />
    </Modal>
  );
}

/** A job's `amount` text ("95.00") as money in the company's currency. */
function useJobAmount(companyId: string) {
  const currency = useMoneySettings(companyId).data?.currency;
  const { money } = useMoney();
  return (text: string) => {
    const amount = currency ? parseMoneyDecimal(text, currency) : undefined;
    return amount === undefined || !currency ? text : money({ amount, currency });
  };
}

/** What the invoice makes of a job's payment status while it is open (docs/money.md). */
const jobPaymentStatus = (status: InvoiceStatus): PaymentStatus =>
  status === "paid" ? "paid" : status === "overdue" ? "overdue" : "billed";

/** The job's share of the invoice: the gross of its lines. */
const jobGross = (detail: InvoiceDTO, jobId: string) =>
  sumMoney(
    detail.total.currency,
    detail.lines.filter((line) => line.jobId === jobId).map((line) => line.gross),
  );

/** The job's `amount` as the server writes it on invoicing: two decimals, else none. */
function jobAmountText(detail: InvoiceDTO, jobId: string): string {
  const decimal = moneyDecimal(jobGross(detail, jobId));
  return (decimal.split(".")[1]?.length ?? 0) <= 2 ? decimal : "";
}

/**
 * The link to the invoice, and the job's amount (its lines) and payment status as the
 * invoice has them now: read from the invoice, which `invoice.updated` keeps current.
 */
function InvoicedNote({ job, invoice, detail }: { job: JobDTO; invoice: Invoiced; detail?: InvoiceDTO }) {
  const { money } = useMoney();
  const amount = detail ? jobGross(detail, job.id) : null;
  return (
    <div className="job-items__billing" data-testid="job-invoiced">
      <Link to={`/invoices/${invoice.id}`}>Invoice #{invoice.number}</Link>
      {detail ? (
        <span>
          {amount ? `Amount ${money(amount)} · ` : ""}
          {PAYMENT_LABELS[jobPaymentStatus(detail.status)]} (from the invoice)
        </span>
      ) : null}
    </div>
  );
}
