/**
 * Payments recorded by people (docs/money.md): cash, cheque, bank transfer or a card taken
 * on the company's own terminal, against an invoice; refunds against a payment. Amounts are
 * `{amount, currency}` in integer minor units, in the invoice's currency.
 */
import { z } from "zod";
import { calendarDate, canonicalId, ZMomentText, ZRowId } from "./common";
import { INVOICE_STATUSES } from "./invoices";
import { ZMoney } from "./money";
import { ZVersion } from "./versions";

export const PAYMENT_METHODS = ["cash", "cheque", "bank_transfer", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_AMOUNT_POSITIVE = "Amount must be above 0";
export const PAYMENT_MORE_THAN_OWED = "Amount cannot be more than what is still owed on the invoice";
export const PAYMENT_METHOD_INVALID = `Method must be one of ${PAYMENT_METHODS.join(", ")}`;
export const PAYMENT_REFERENCE_TOO_LONG = "Reference must be 200 characters or less";
export const PAYMENT_INVOICE_REQUIRED = "Invoice id is required";
export const PAYMENT_NOT_FOUND = "Payment not found";
export const PAYMENT_NOT_YOUR_INVOICE = "This invoice is not for a job of yours";
export const PAYMENT_RECEIVED_IN_FUTURE = "Received on cannot be after today";
export const REFUND_MORE_THAN_PAID = "A refund cannot be more than what was paid less what was refunded";
export const currencyNotTheInvoices = (currency: string) => `Currency must be the invoice's (${currency})`;

const ZPositiveMoney = ZMoney.refine((money) => money.amount > 0, {
  message: PAYMENT_AMOUNT_POSITIVE,
  path: ["amount"],
});

/** POST /api/payments */
export const ZPaymentCreate = z.object({
  invoiceId: canonicalId({ message: PAYMENT_INVOICE_REQUIRED }),
  amount: ZPositiveMoney,
  method: z.enum(PAYMENT_METHODS, { message: PAYMENT_METHOD_INVALID }),
  reference: z
    .string()
    .trim()
    .max(200, { message: PAYMENT_REFERENCE_TOO_LONG })
    .nullish()
    .transform((value) => value || null)
    .describe("A cheque number, a transfer's reference"),
  receivedOn: calendarDate("Received on"),
  /** The invoice's version the person saw (or If-Match): 409 stale when it changed since. */
  version: ZVersion.optional(),
});
export type TPaymentCreate = z.infer<typeof ZPaymentCreate>;

/** POST /api/payments/:id/refund */
export const ZRefundCreate = z.object({
  amount: ZPositiveMoney,
  /** The payment's version the person saw (or If-Match). */
  version: ZVersion.optional(),
});
export type TRefundCreate = z.infer<typeof ZRefundCreate>;

export const ZRefund = z
  .object({ id: ZRowId, amount: ZMoney, createdAt: ZMomentText })
  .meta({ id: "PaymentRefund" });

export const ZPayment = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    invoiceId: ZRowId,
    amount: ZMoney,
    method: z.enum(PAYMENT_METHODS),
    reference: z.string().nullable(),
    receivedOn: z.iso.date(),
    refunded: ZMoney.describe("The sum of its refunds"),
    refunds: z.array(ZRefund),
    recordedBy: ZRowId.nullable(),
    version: z.int(),
    createdAt: ZMomentText,
  })
  .meta({ id: "Payment" });
export type PaymentDTO = z.infer<typeof ZPayment>;

/** What a payment or a refund answers: the payment and where its invoice stands now. */
export const ZPaymentAnswer = z
  .object({
    payment: ZPayment,
    invoice: z.object({
      id: ZRowId,
      number: z.int(),
      status: z.enum(INVOICE_STATUSES),
      paid: ZMoney,
      balance: ZMoney.describe("total - paid - credited"),
      version: z.int(),
    }),
  })
  .meta({ id: "PaymentAnswer" });
export type PaymentAnswerDTO = z.infer<typeof ZPaymentAnswer>;

/**
 * GET /api/jobs/:id/invoice: where the job's open invoice stands, for who may take a payment
 * on it (a technician: their own job), to take one at the door (docs/money.md). `null` while
 * the job is on no open invoice.
 */
export const ZJobInvoice = z
  .object({
    invoice: z
      .object({
        id: ZRowId,
        number: z.int(),
        status: z.enum(INVOICE_STATUSES),
        total: ZMoney,
        paid: ZMoney,
        balance: ZMoney.describe("total - paid - credited: what the customer still owes"),
        dueOn: z.iso.date(),
        version: z.int(),
      })
      .nullable(),
  })
  .meta({ id: "JobInvoice" });
export type JobInvoiceDTO = z.infer<typeof ZJobInvoice>;
