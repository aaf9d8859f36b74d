/**
 * Exports for the accountant (docs/money.md): the exact text of each file in each format for
 * a seeded month (a taxed invoice, a payment and its refund across midnight, a void invoice,
 * a credit note, a draft, a yen company), formula-safe cells, paging, and who may ask.
 */
import { db } from "@sched/core/db/client";
import { invoices, payments } from "@sched/core/db/schema";
import {
  creditNoteRows,
  invoiceRows,
  lineRows,
  paymentRows,
  refundRows,
} from "@sched/core/queries/accounting-exports/documents";
import type { ExportContext } from "@sched/core/queries/accounting-exports/format";
import { buildTenant } from "@sched/core/test/factories";
import {
  ACCOUNTING_EXPORT_FORMAT_INVALID,
  ACCOUNTING_EXPORT_RANGE_TOO_LONG,
  ACCOUNTING_EXPORT_TO_BEFORE_FROM,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildExportCompany, buildYenCompany, MONTH } from "./accounting-exports-support";
import { type Agent, agentFor, anonymous } from "./support";

let office: Agent;
let companyId: string;
let yen: Agent;
let yenCompanyId: string;

beforeAll(async () => {
  const seeded = await buildExportCompany();
  office = await agentFor(seeded.owner);
  companyId = seeded.company.id;
  const tokyo = await buildYenCompany();
  yen = await agentFor(tokyo.admin);
  yenCompanyId = tokyo.company.id;
});

const url = (kind: string, company: string, format?: string, period = MONTH) =>
  `/api/exports/${kind}.csv?companyId=${company}&from=${period.from}&to=${period.to}${format ? `&format=${format}` : ""}`;

/** The file's rows, the byte-order mark checked and taken off. */
async function file(agent: Agent, path: string): Promise<string[]> {
  const answer = await agent.get(path);
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
  expect(answer.text.startsWith("\ufeff")).toBe(true);
  expect(answer.text.endsWith("\r\n")).toBe(true);
  return answer.text.slice(1, -2).split("\r\n");
}

const HYPERLINK = `"'=HYPERLINK(""http://evil.example"",""Click"")"`;

describe("GET /api/exports/invoices.csv", () => {
  it("writes QuickBooks' columns: month-first dates, the void at zero, the credit note a negative credit memo, no draft", async () => {
    expect(await file(office, url("invoices", companyId, "quickbooks"))).toEqual([
      "InvoiceNo,Type,Customer,InvoiceDate,DueDate,Terms,Status,Currency,Subtotal,TaxAmount,Total,AmountPaid,Balance,Memo",
      "1,Invoice,Ann Baker,11/02/2026,11/16/2026,Net 14,Partially paid,USD,152.55,12.65,165.20,100.00,55.20,",
      `2,Invoice,${HYPERLINK},11/03/2026,11/17/2026,Net 14,Voided,USD,0.00,0.00,0.00,0.00,0.00,Voided: Wrong customer`,
      "CN-1,Credit Memo,Ann Baker,11/10/2026,,,Closed,USD,,,-10.00,,,Credit for invoice 1: Goodwill",
    ]);
  });

  it("writes Xero's columns: the void with its amounts and nothing due, the credit note positive and allocated", async () => {
    expect(await file(office, url("invoices", companyId, "xero"))).toEqual([
      "ContactName,EmailAddress,InvoiceNumber,Type,Reference,InvoiceDate,DueDate,Status,Currency,SubTotal,TaxTotal,Total,InvoiceAmountPaid,InvoiceAmountDue",
      "Ann Baker,ann@example.com,1,Sales invoice,,11/02/2026,11/16/2026,AUTHORISED,USD,152.55,12.65,165.20,100.00,55.20",
      `${HYPERLINK},,2,Sales invoice,Voided: Wrong customer,11/03/2026,11/17/2026,VOIDED,USD,50.00,0.00,50.00,0.00,0.00`,
      "Ann Baker,ann@example.com,CN-1,Sales credit note,Credit for invoice 1: Goodwill,11/10/2026,,PAID,USD,,,10.00,,0.00",
    ]);
  });

  it("writes plain by default: ISO dates, every state, drafts included, October left out", async () => {
    expect(await file(office, url("invoices", companyId))).toEqual([
      "Number,Type,Customer,Email,Issued on,Due on,Status,Currency,Subtotal,Tax,Total,Paid,Credited,Balance,Note",
      "1,Invoice,Ann Baker,ann@example.com,2026-11-02,2026-11-16,partly_paid,USD,152.55,12.65,165.20,100.00,10.00,55.20,",
      `2,Invoice,${HYPERLINK},,2026-11-03,2026-11-17,void,USD,50.00,0.00,50.00,0.00,0.00,0.00,Wrong customer`,
      "3,Invoice,Ann Baker,ann@example.com,2026-11-04,2026-11-18,draft,USD,30.00,0.00,30.00,0.00,0.00,30.00,",
      "CN-1,Credit note,Ann Baker,ann@example.com,2026-11-10,,,USD,,,-10.00,,,,Credit for invoice 1: Goodwill",
    ]);
    const october = await file(
      office,
      url("invoices", companyId, "plain", { from: "2026-10-01", to: "2026-10-31" }),
    );
    expect(october.map((row) => row.split(",")[0])).toEqual(["Number", "4"]);
  });
});

describe("GET /api/exports/invoice-lines.csv", () => {
  it("writes QuickBooks' invoice import: a row per line, TAX and NON, the void's lines at zero", async () => {
    expect(await file(office, url("invoice-lines", companyId, "quickbooks"))).toEqual([
      "InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Memo,ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode,ItemTaxAmount,Currency",
      "1,Ann Baker,11/02/2026,11/16/2026,Net 14,,Labour,1.5,95.00,142.50,TAX,12.65,USD",
      "1,Ann Baker,11/02/2026,11/16/2026,Net 14,,Washer,1,10.05,10.05,NON,0.00,USD",
      `2,${HYPERLINK},11/03/2026,11/17/2026,Net 14,Voided: Wrong customer,Call-out,0,50.00,0.00,NON,0.00,USD`,
    ]);
  });

  it("writes Xero's sales invoice template: the tax rounded per line, the void left out", async () => {
    expect(await file(office, url("invoice-lines", companyId, "xero"))).toEqual([
      "*ContactName,EmailAddress,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TaxAmount,Currency",
      "Ann Baker,ann@example.com,1,,11/02/2026,11/16/2026,Labour,1.5,95.00,,200,Sales tax,12.65,USD",
      "Ann Baker,ann@example.com,1,,11/02/2026,11/16/2026,Washer,1,10.05,,200,,0.00,USD",
    ]);
  });

  it("writes plain with net, tax and gross of every line", async () => {
    expect(await file(office, url("invoice-lines", companyId, "plain"))).toEqual([
      "Invoice,Issued on,Status,Customer,Line,Description,Quantity,Unit price,Prices include tax,Tax rate,Tax percent,Net,Tax,Gross,Currency",
      "1,2026-11-02,partly_paid,Ann Baker,1,Labour,1.5,95.00,no,Sales tax,8.875,142.50,12.65,155.15,USD",
      "1,2026-11-02,partly_paid,Ann Baker,2,Washer,1,10.05,no,,,10.05,0.00,10.05,USD",
      `2,2026-11-03,void,${HYPERLINK},1,Call-out,1,50.00,no,,,50.00,0.00,50.00,USD`,
      "3,2026-11-04,draft,Ann Baker,1,Survey,1,30.00,no,,,30.00,0.00,30.00,USD",
    ]);
  });
});

describe("GET /api/exports/payments.csv", () => {
  it("writes the payment in and the refund out on New York's day, as each tool's bank statement", async () => {
    expect(await file(office, url("payments", companyId, "quickbooks"))).toEqual([
      "Date,Description,Amount",
      "11/05/2026,Payment invoice 1 - Ann Baker - Cheque - 1042,120.00",
      "11/30/2026,Refund invoice 1 - Ann Baker - Cheque - 1042,-20.00",
    ]);
    expect(await file(office, url("payments", companyId, "xero"))).toEqual([
      "*Date,*Amount,Payee,Description,Reference,Cheque Number",
      "11/05/2026,120.00,Ann Baker,Payment (Cheque),1,1042",
      "11/30/2026,-20.00,Ann Baker,Refund (Cheque),1,",
    ]);
    expect(await file(office, url("payments", companyId, "plain"))).toEqual([
      "Date,Type,Invoice,Customer,Method,Reference,Amount,Currency",
      "2026-11-05,payment,1,Ann Baker,cheque,1042,120.00,USD",
      "2026-11-30,refund,1,Ann Baker,cheque,1042,-20.00,USD",
    ]);
    // October 31 in New York, though November 1 in UTC.
    const october = await file(
      office,
      url("payments", companyId, "plain", { from: "2026-10-01", to: "2026-10-31" }),
    );
    expect(october.slice(1)).toEqual([
      "2026-10-31,payment,4,Ann Baker,cash,,10.00,USD",
      "2026-10-31,refund,4,Ann Baker,cash,,-5.00,USD",
    ]);
  });
});

describe("a yen company (0 decimals) in Tokyo", () => {
  it("writes whole yen, day-first dates, its rate's name as the tax code, and a formula reference as text", async () => {
    expect(await file(yen, url("invoice-lines", yenCompanyId, "quickbooks"))).toEqual([
      "InvoiceNo,Customer,InvoiceDate,DueDate,Terms,Memo,ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode,ItemTaxAmount,Currency",
      "1,Kenji Sato,20/11/2026,04/12/2026,Net 14,,Inspection,2,1500,3000,Consumption tax,300,JPY",
    ]);
    expect((await file(yen, url("invoice-lines", yenCompanyId, "xero")))[1]).toBe(
      "Kenji Sato,,1,,20/11/2026,04/12/2026,Inspection,2,1500,,200,Consumption tax,300,JPY",
    );
    expect((await file(yen, url("invoices", yenCompanyId)))[1]).toBe(
      "1,Invoice,Kenji Sato,,2026-11-20,2026-12-04,paid,JPY,3000,300,3300,3300,0,0,",
    );
    expect(await file(yen, url("payments", yenCompanyId))).toEqual([
      "Date,Type,Invoice,Customer,Method,Reference,Amount,Currency",
      "2026-11-21,payment,1,Kenji Sato,bank_transfer,'=1+1,3300,JPY",
    ]);
  });
});

describe("reading a page at a time", () => {
  it("gives the same rows a row per page as all at once, ties on one moment included", async () => {
    const tenant = await buildExportCompany();
    const [first] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, tenant.company.id), eq(invoices.number, 1)));
    // One statement: one created_at (to the microsecond) for all five, so the id decides.
    await db.insert(payments).values(
      [1, 2, 3, 4, 5].map((n) => ({
        companyId: tenant.company.id,
        invoiceId: first.id,
        amount: n,
        currency: "USD",
        method: "cash" as const,
        receivedOn: "2026-11-05",
      })),
    );
    const context: ExportContext = {
      companyId: tenant.company.id,
      format: "plain",
      ...MONTH,
      timeZone: "America/New_York",
      country: "US",
    };
    const all = async <T>(rows: AsyncIterable<T>) => {
      const list: T[] = [];
      for await (const row of rows) list.push(row);
      return list;
    };
    for (const read of [invoiceRows, creditNoteRows, lineRows, paymentRows, refundRows]) {
      const whole = await all<unknown>(read(context));
      expect(whole.length).toBeGreaterThan(0);
      expect(await all<unknown>(read({ ...context, pageSize: 1 }))).toEqual(whole);
      expect(await all<unknown>(read({ ...context, pageSize: 2 }))).toEqual(whole);
    }
    expect((await all(paymentRows({ ...context, pageSize: 1 }))).length).toBe(6);
  });
});

describe("who may export, and bad periods", () => {
  it("answers 401 signed out, 403 to a technician and to another company's owner, 400 without a company", async () => {
    const tenant = await buildTenant();
    const path = url("invoices", tenant.company.id, "xero");
    expect((await anonymous().get(path)).status).toBe(401);
    expect((await (await agentFor(tenant.employeeUser)).get(path)).status).toBe(403);
    expect((await (await agentFor(tenant.admin)).get(path)).status).toBe(200);
    // Another company's id: not a member of it, whatever it holds.
    const stranger = await office.get(url("payments", tenant.company.id));
    expect([stranger.status, stranger.body.message]).toEqual([403, "You are not a member of this company"]);
    const unknown = await office.get(url("payments", crypto.randomUUID()));
    expect(unknown.status).toBe(403);
    const none = await office.get(`/api/exports/payments.csv?from=${MONTH.from}&to=${MONTH.to}`);
    expect([none.status, none.body.message]).toEqual([400, "Company id is required"]);
  });

  it("answers 400 with the field's message for bad dates, to before from, over 366 days and an unknown format", async () => {
    const ask = (query: string) =>
      office.get(`/api/exports/invoice-lines.csv?companyId=${companyId}&${query}`);
    const errorOf = async (query: string) => {
      const answer = await ask(query);
      return [answer.status, answer.body.errors[0]];
    };
    expect(await errorOf("to=2026-11-30")).toEqual([400, { path: "from", message: "From is required" }]);
    expect(await errorOf("from=2026-11-1&to=2026-11-30")).toEqual([
      400,
      { path: "from", message: "From must be yyyy-MM-dd" },
    ]);
    expect(await errorOf("from=2026-11-01&to=2026-11-31")).toEqual([
      400,
      { path: "to", message: "To must be a real calendar date between 1900 and 2999" },
    ]);
    expect(await errorOf("from=2026-11-30&to=2026-11-01")).toEqual([
      400,
      { path: "to", message: ACCOUNTING_EXPORT_TO_BEFORE_FROM },
    ]);
    expect(await errorOf("from=2025-11-01&to=2026-11-02")).toEqual([
      400,
      { path: "to", message: ACCOUNTING_EXPORT_RANGE_TOO_LONG },
    ]);
    expect(await errorOf("from=2026-11-01&to=2026-11-30&format=excel")).toEqual([
      400,
      { path: "format", message: ACCOUNTING_EXPORT_FORMAT_INVALID },
    ]);
    expect(ACCOUNTING_EXPORT_FORMAT_INVALID).toBe("Format must be one of quickbooks, xero, plain");
    expect((await ask("from=2025-12-01&to=2026-11-30")).status).toBe(200);
  });
});
