/**
 * Invoices (docs/money.md): made from jobs' items, numbered per company without gaps,
 * changed once sent only by a void or a credit note. Amounts are `{amount, currency}` in
 * integer minor units.
 */
import { z } from "zod";
import { ZCompanyId, ZDateText, ZId, ZMomentText, ZRowId } from "./common";
import { ZMoney } from "./money";
import { ZVersion } from "./versions";

export const INVOICE_STATUSES = [
  "draft",
  "sent",
  "viewed",
  "partly_paid",
  "paid",
  "overdue",
  "void",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_MAX_JOBS = 50;
export const INVOICE_JOBS_REQUIRED = "Pick at least one job";
export const INVOICE_JOBS_TOO_MANY = `An invoice takes at most ${INVOICE_MAX_JOBS} jobs`;
export const INVOICE_JOBS_TWICE = "A job is listed twice";
export const INVOICE_JOB_UNKNOWN = "Unknown job";
export const INVOICE_JOBS_CUSTOMERS = "The jobs must be for one customer";
export const INVOICE_NOTHING_TO_BILL = "The jobs have no items or amount to invoice";
export const INVOICE_JOB_ON_OPEN_INVOICE = "A job is already on an open invoice";
export const INVOICE_NOT_FOUND = "Invoice not found";
export const INVOICE_VOID = "This invoice is void";
export const INVOICE_ALREADY_SENT = "This invoice was sent already";
export const INVOICE_HAS_PAYMENTS = "Refund the payments before voiding this invoice";
export const VOID_REASON_REQUIRED = "Reason is required";
export const CREDIT_NOTE_TOO_LARGE = "A credit note cannot be more than the invoice's balance";
export const CREDIT_NOTE_AMOUNT_POSITIVE = "Amount must be above 0";

/** POST /api/invoices */
export const ZInvoiceCreate = z.object({
  companyId: ZCompanyId.optional(),
  jobIds: z
    .array(ZId, { message: INVOICE_JOBS_REQUIRED })
    .min(1, { message: INVOICE_JOBS_REQUIRED })
    .max(INVOICE_MAX_JOBS, { message: INVOICE_JOBS_TOO_MANY })
    .refine((ids) => new Set(ids).size === ids.length, { message: INVOICE_JOBS_TWICE }),
});
export type TInvoiceCreate = z.infer<typeof ZInvoiceCreate>;

const reason = z
  .string({ message: VOID_REASON_REQUIRED })
  .trim()
  .min(1, { message: VOID_REASON_REQUIRED })
  .max(500, { message: "Reason must be 500 characters or less" });

/** POST /api/invoices/:id/send: the invoice's version the person saw, if any. */
export const ZInvoiceSend = z.object({
  version: ZVersion.optional(),
  channel: z.enum(["email", "text"], { message: "Channel must be email or text" }).optional(),
});

/** POST /api/invoices/:id/void */
export const ZInvoiceVoid = z.object({ reason, version: ZVersion.optional() });

/** POST /api/invoices/:id/credit-notes */
export const ZCreditNoteCreate = z.object({
  amount: ZMoney.refine((money) => money.amount > 0, {
    message: CREDIT_NOTE_AMOUNT_POSITIVE,
    path: ["amount"],
  }),
  reason,
  version: ZVersion.optional(),
});

/** GET /api/invoices?companyId=&status= */
export const ZInvoiceListQuery = z.object({
  companyId: ZCompanyId.optional(),
  status: z
    .enum(INVOICE_STATUSES, { message: `Status must be one of ${INVOICE_STATUSES.join(", ")}` })
    .optional(),
});

export const ZInvoiceLine = z
  .object({
    id: ZRowId,
    jobId: ZRowId.nullable(),
    name: z.string(),
    quantity: z.number(),
    unitPrice: ZMoney,
    taxPercent: z.number().nullable(),
    taxRateName: z.string().nullable(),
    net: ZMoney,
    tax: ZMoney,
    gross: ZMoney,
  })
  .meta({ id: "InvoiceLine" });

export const ZCreditNote = z
  .object({
    id: ZRowId,
    invoiceId: ZRowId,
    number: z.int(),
    amount: ZMoney,
    reason: z.string(),
    issuedOn: ZDateText,
    createdAt: ZMomentText,
  })
  .meta({ id: "CreditNote" });
export type CreditNoteDTO = z.infer<typeof ZCreditNote>;

export const ZInvoice = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    number: z.int().describe("Per company, from 1, no gaps and no repeats"),
    status: z.enum(INVOICE_STATUSES),
    customerId: ZRowId.nullable(),
    billTo: z
      .object({ name: z.string(), address: z.string().nullable(), email: z.string().nullable() })
      .nullable(),
    jobIds: z.array(ZRowId),
    pricesIncludeTax: z.boolean(),
    lines: z.array(ZInvoiceLine),
    subtotal: ZMoney.describe("The sum of the lines' net amounts"),
    tax: ZMoney.describe("The sum of the lines' taxes, each rounded half-even on its line"),
    total: ZMoney,
    paid: ZMoney,
    credited: ZMoney,
    balance: ZMoney.describe("total - paid - credited"),
    creditNotes: z.array(ZCreditNote),
    issuedOn: ZDateText,
    dueOn: ZDateText,
    sentAt: ZMomentText.nullable(),
    voidedAt: ZMomentText.nullable(),
    voidReason: z.string().nullable(),
    version: z.int(),
    createdAt: ZMomentText,
  })
  .meta({ id: "Invoice" });
export type InvoiceDTO = z.infer<typeof ZInvoice>;

/** A list's row: the invoice without its lines and credit notes. */
export const ZInvoiceSummary = ZInvoice.omit({ lines: true, creditNotes: true }).meta({
  id: "InvoiceSummary",
});
export type InvoiceSummaryDTO = z.infer<typeof ZInvoiceSummary>;
