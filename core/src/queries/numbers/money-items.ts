/**
 * The invoices behind a money figure (GET /api/numbers/:figure/items for billed, paid,
 * outstanding, overdue and days-to-paid; docs/numbers.md): the rows money.ts and
 * days-to-paid.ts sum, by the same SQL, so the list's count and amounts always add up to the figure.
 */
import type {
  InvoiceStatus,
  NumbersInvoiceItemDTO,
  NumbersMoneyFigure,
  NumbersPaidInvoiceItemDTO,
} from "@sched/shared-types";
import { sql } from "drizzle-orm";
import { db } from "../../db/client";
import { daysToPaidSql } from "./days-to-paid";
import { issuedInvoicesSql, moneyRowsSql } from "./money";
import { type NumbersScope, pageSql, type RowsPage } from "./period";

type InvoiceRow = {
  id: string;
  number: number;
  customer_name: string | null;
  issued_on: string;
  due_on: string;
  status: InvoiceStatus;
  currency: string;
  total: string;
  paid: string;
  balance: string;
  count: number;
};

export async function moneyItems(
  scope: NumbersScope,
  figure: NumbersMoneyFigure,
  page: RowsPage,
): Promise<{ total: number; items: NumbersInvoiceItemDTO[] }> {
  const rows = moneyRowsSql(scope, figure);
  const result = await db.execute<InvoiceRow>(sql`
    with issued as (${issuedInvoicesSql(scope)})
    select i.id, i.number, coalesce(i.bill_to ->> 'name', cu.name) as customer_name,
      i.issued_on::text as issued_on, i.due_on::text as due_on, i.status, i.currency, i.total, i.paid,
      i.open as balance, count(*) over ()::int as count
    from (select * from issued where ${rows.where}) i left join customers cu on cu.id = i.customer_id
    order by i.issued_on, i.number ${pageSql(page)}`);
  return {
    total: result.rows[0]?.count ?? 0,
    items: result.rows.map((row) => {
      const money = (amount: string) => ({ amount: Number(amount), currency: row.currency });
      return {
        kind: "invoice" as const,
        id: row.id,
        number: row.number,
        customerName: row.customer_name,
        issuedOn: row.issued_on,
        dueOn: row.due_on,
        status: row.status,
        total: money(row.total),
        paid: money(row.paid),
        balance: money(row.balance),
      };
    }),
  };
}

type PaidRow = {
  id: string;
  number: number;
  customer_name: string | null;
  currency: string;
  total: string;
  done_on: string;
  paid_on: string;
  days: number;
  count: number;
};

/** The invoices paid in the period with their days from done to paid; their average is the figure. */
export async function paidInvoiceItems(
  scope: NumbersScope,
  page: RowsPage,
): Promise<{ total: number; items: NumbersPaidInvoiceItemDTO[] }> {
  // The customer's name is looked up for the page's rows only.
  const result = await db.execute<PaidRow>(sql`
    with paid as (${daysToPaidSql(scope)}),
    shown as (
      select p.*, count(*) over ()::int as count from paid p order by p.paid_on, p.number ${pageSql(page)}
    )
    select s.invoice_id as id, s.number, coalesce(s.bill_to ->> 'name', cu.name) as customer_name, s.currency,
      s.total, s.done_on::text as done_on, s.paid_on::text as paid_on, s.days::int as days, s.count
    from shown s left join customers cu on cu.id = s.customer_id
    order by s.paid_on, s.number`);
  return {
    total: result.rows[0]?.count ?? 0,
    items: result.rows.map((row) => ({
      kind: "paid-invoice" as const,
      id: row.id,
      number: row.number,
      customerName: row.customer_name,
      total: { amount: Number(row.total), currency: row.currency },
      doneOn: row.done_on,
      paidOn: row.paid_on,
      days: row.days,
    })),
  };
}
