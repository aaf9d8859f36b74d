/**
 * Money (docs/numbers.md), from the invoices issued in the period (not drafts, not void), in
 * the company's currency's minor units: billed (their totals), paid (paid so far), outstanding
 * (total less paid and credited), overdue (the outstanding of those past their due date
 * today), and revenue per technician hour (billed over the hours clocked). Invoices belong to
 * customers, not technicians: with employeeId the figure is left out. The invoices each figure
 * sums are `moneyRowsSql`'s, so the list behind it (money-items.ts) is exactly what it counted.
 */
import { dateIn, divideHalfEven, type NumbersMoneyFigure } from "@sched/shared-types";
import { type SQL, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { loadMoneySettings } from "../money-settings";
import { daysToPaidSql } from "./days-to-paid";
import type { NumbersScope } from "./period";

/** The invoices issued in the period, not drafts or void, with `open`: total − paid − credited, never below 0. */
export const issuedInvoicesSql = (scope: NumbersScope): SQL => sql`
  select i.*, greatest(i.total - i.paid - i.credited, 0) as open from invoices i
  where i.company_id = ${scope.companyId} and i.issued_on between ${scope.from} and ${scope.to}
    and i.status not in ('draft', 'void')`;

/** Which issued invoices a figure sums (those adding nothing are left out of its list) and what it sums. */
export function moneyRowsSql(scope: NumbersScope, figure: NumbersMoneyFigure): { where: SQL; amount: SQL } {
  const today = dateIn(scope.now, scope.timeZone);
  switch (figure) {
    case "billed":
      return { where: sql`true`, amount: sql`total` };
    case "paid":
      return { where: sql`paid <> 0`, amount: sql`paid` };
    case "outstanding":
      return { where: sql`open > 0`, amount: sql`open` };
    default:
      return { where: sql`open > 0 and due_on < ${today}`, amount: sql`open` };
  }
}

const summed = (scope: NumbersScope, figure: NumbersMoneyFigure) => {
  const rows = moneyRowsSql(scope, figure);
  return sql`coalesce(sum(${rows.amount}) filter (where ${rows.where}), 0)`;
};

/** Whole minor units billed per clocked hour, rounded half-even; null when no hours were clocked. */
export const revenuePerHour = (billed: number, clockedMinutes: number) =>
  clockedMinutes === 0 ? null : divideHalfEven(billed * 60, clockedMinutes);

type MoneyRow = { billed: string; paid: string; outstanding: string; overdue: string };

/** The money figures; `clockedMinutes`: the technicians' hours clocked in the period (utilization.ts). */
export async function moneyNumbers(scope: NumbersScope, clockedMinutes: Promise<number>) {
  const [settings, result, days, clocked] = await Promise.all([
    loadMoneySettings(scope.companyId),
    db.execute<MoneyRow>(sql`
      with issued as (${issuedInvoicesSql(scope)})
      select ${summed(scope, "billed")} as billed, ${summed(scope, "paid")} as paid,
        ${summed(scope, "outstanding")} as outstanding, ${summed(scope, "overdue")} as overdue
      from issued`),
    db.execute<{ average: string | null }>(
      sql`select round(avg(days), 1) as average from (${daysToPaidSql(scope)}) paid`,
    ),
    clockedMinutes,
  ]);
  const row = result.rows[0];
  const average = days.rows[0]?.average;
  const billed = Number(row.billed);
  return {
    currency: settings.currency,
    billed,
    paid: Number(row.paid),
    outstanding: Number(row.outstanding),
    overdue: Number(row.overdue),
    daysToPaid: average === null || average === undefined ? null : Number(average),
    revenuePerHour: revenuePerHour(billed, clocked),
  };
}
