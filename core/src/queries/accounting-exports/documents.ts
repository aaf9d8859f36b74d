/**
 * The rows the accountant's files are made of, read a page at a time in keyset order
 * (./paging.ts): invoices by issue date, their lines, credit notes by issue date, payments
 * by received date and refunds by the company's calendar day they were made on.
 */
import { and, asc, eq, gte, lt, lte, ne, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { creditNotes, invoiceLines, invoices, paymentRefunds, payments } from "../../db/schema";
import type { ExportContext } from "./format";
import { keysetRows } from "./paging";

/** Drafts were never given to the customer: the tools' files leave them out, plain lists them. */
const issuedOnly = (context: ExportContext) =>
  context.format === "plain" ? undefined : ne(invoices.status, "draft");

const inPeriod = (column: typeof invoices.issuedOn | typeof creditNotes.issuedOn, context: ExportContext) =>
  and(gte(column, context.from), lte(column, context.to));

const invoiceColumns = {
  number: invoices.number,
  status: invoices.status,
  billTo: invoices.billTo,
  currency: invoices.currency,
  pricesIncludeTax: invoices.pricesIncludeTax,
  subtotal: invoices.subtotal,
  tax: invoices.tax,
  total: invoices.total,
  paid: invoices.paid,
  credited: invoices.credited,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  voidReason: invoices.voidReason,
};

export type InvoiceRow = {
  [K in keyof typeof invoiceColumns]: (typeof invoices.$inferSelect)[K];
};

export function invoiceRows(context: ExportContext) {
  return keysetRows<InvoiceRow>(
    (after, limit) =>
      db
        .select(invoiceColumns)
        .from(invoices)
        .where(
          and(
            eq(invoices.companyId, context.companyId),
            inPeriod(invoices.issuedOn, context),
            issuedOnly(context),
            after
              ? sql`(${invoices.issuedOn}, ${invoices.number}) > (${after.issuedOn}, ${after.number})`
              : undefined,
          ),
        )
        .orderBy(asc(invoices.issuedOn), asc(invoices.number))
        .limit(limit),
    context.pageSize,
  );
}

export type CreditNoteRow = {
  number: number;
  amount: number;
  currency: string;
  reason: string;
  issuedOn: string;
  /** Null for a deposit, which is on no invoice yet. */
  invoiceNumber: number | null;
  quoteNumber?: number;
  billTo: InvoiceRow["billTo"];
};

export function creditNoteRows(context: ExportContext) {
  return keysetRows<CreditNoteRow>(
    (after, limit) =>
      db
        .select({
          number: creditNotes.number,
          amount: creditNotes.amount,
          currency: creditNotes.currency,
          reason: creditNotes.reason,
          issuedOn: creditNotes.issuedOn,
          invoiceNumber: invoices.number,
          billTo: invoices.billTo,
        })
        .from(creditNotes)
        .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
        .where(
          and(
            eq(creditNotes.companyId, context.companyId),
            inPeriod(creditNotes.issuedOn, context),
            after
              ? sql`(${creditNotes.issuedOn}, ${creditNotes.number}) > (${after.issuedOn}, ${after.number})`
              : undefined,
          ),
        )
        .orderBy(asc(creditNotes.issuedOn), asc(creditNotes.number))
        .limit(limit),
    context.pageSize,
  );
}

export type LineRow = InvoiceRow & {
  position: number;
  name: string;
  quantityThousandths: number;
  unitPrice: number;
  taxPercentThousandths: number | null;
  taxRateName: string | null;
  net: number;
  lineTax: number;
  gross: number;
};

export function lineRows(context: ExportContext) {
  return keysetRows<LineRow>(
    (after, limit) =>
      db
        .select({
          ...invoiceColumns,
          position: invoiceLines.position,
          name: invoiceLines.name,
          quantityThousandths: invoiceLines.quantityThousandths,
          unitPrice: invoiceLines.unitPrice,
          taxPercentThousandths: invoiceLines.taxPercentThousandths,
          taxRateName: invoiceLines.taxRateName,
          net: invoiceLines.net,
          lineTax: invoiceLines.tax,
          gross: invoiceLines.gross,
        })
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(
          and(
            eq(invoices.companyId, context.companyId),
            inPeriod(invoices.issuedOn, context),
            issuedOnly(context),
            after
              ? sql`(${invoices.issuedOn}, ${invoices.number}, ${invoiceLines.position}) > (${after.issuedOn}, ${after.number}, ${after.position})`
              : undefined,
          ),
        )
        .orderBy(asc(invoices.issuedOn), asc(invoices.number), asc(invoiceLines.position))
        .limit(limit),
    context.pageSize,
  );
}

/** A payment in or a refund out, on the company's calendar day. */
/** Money in or out on payments.csv: a payment, a refund, or a quote's deposit no invoice carries yet. */
export type MoneyMovementRow = {
  kind: "payment" | "refund" | "deposit";
  id: string;
  date: string;
  /** The moment it was recorded: the order within a day. */
  createdAt: Date;
  amount: number;
  currency: string;
  method: (typeof payments.$inferSelect)["method"];
  reference: string | null;
  /** Null for a deposit, which is on no invoice yet. */
  invoiceNumber: number | null;
  quoteNumber?: number;
  billTo: InvoiceRow["billTo"];
};

export function paymentRows(context: ExportContext) {
  return keysetRows<MoneyMovementRow>(
    (after, limit) =>
      db
        .select({
          kind: sql<"payment">`'payment'`,
          id: payments.id,
          date: payments.receivedOn,
          createdAt: payments.createdAt,
          amount: payments.amount,
          currency: payments.currency,
          method: payments.method,
          reference: payments.reference,
          invoiceNumber: invoices.number,
          billTo: invoices.billTo,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(
          and(
            eq(payments.companyId, context.companyId),
            gte(payments.receivedOn, context.from),
            lte(payments.receivedOn, context.to),
            after
              ? // The last row's own values: a JS Date would drop created_at's microseconds.
                sql`(${payments.receivedOn}, ${payments.createdAt}, ${payments.id}) > (select received_on, created_at, id from payments where id = ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(payments.receivedOn), asc(payments.createdAt), asc(payments.id))
        .limit(limit),
    context.pageSize,
  );
}

/** A refund has a moment, not a date: its day is the company's, from midnight to midnight there. */
export function refundRows(context: ExportContext) {
  const start = sql`(${context.from}::date::timestamp at time zone ${context.timeZone})`;
  const end = sql`((${context.to}::date + 1)::timestamp at time zone ${context.timeZone})`;
  return keysetRows<MoneyMovementRow>(
    (after, limit) =>
      db
        .select({
          kind: sql<"refund">`'refund'`,
          id: paymentRefunds.id,
          date: sql<string>`to_char(${paymentRefunds.createdAt} at time zone ${context.timeZone}, 'YYYY-MM-DD')`,
          createdAt: paymentRefunds.createdAt,
          amount: paymentRefunds.amount,
          currency: paymentRefunds.currency,
          method: payments.method,
          reference: payments.reference,
          invoiceNumber: invoices.number,
          billTo: invoices.billTo,
        })
        .from(paymentRefunds)
        .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(
          and(
            eq(paymentRefunds.companyId, context.companyId),
            gte(paymentRefunds.createdAt, start),
            lt(paymentRefunds.createdAt, end),
            after
              ? sql`(${paymentRefunds.createdAt}, ${paymentRefunds.id}) > (select created_at, id from payment_refunds where id = ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
        .limit(limit),
    context.pageSize,
  );
}
