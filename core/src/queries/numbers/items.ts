/**
 * GET /api/numbers/:figure/items (docs/numbers.md): the rows a figure counted, a page at a
 * time (or all of them, for items.csv), so every number can be checked. Each figure's rows
 * come from the same SQL its count does (calls.ts, on-time.ts, jobs.ts; the money figures'
 * invoices and days to paid: money-items.ts; the technicians behind utilization, drive share
 * and revenue per hour: utilization.ts).
 */
import {
  isNumbersCompanyMoneyFigure,
  isNumbersMoneyFigure,
  isNumbersTechnicianFigure,
  type NumbersFigure,
  type NumbersItemDTO,
  type NumbersItemsDTO,
  type NumbersJobOrCallItemDTO,
  type TNumbersItemsQuery,
  type TNumbersQuery,
} from "@sched/shared-types";
import { type SQL, sql } from "drizzle-orm";
import { db } from "../../db/client";
import { callRowsSql } from "./calls";
import { movedJobsSql, periodJobs, repeatSql, waitingSql } from "./jobs";
import { assertCompanyEmployee } from "./load-numbers";
import { moneyItems, paidInvoiceItems } from "./money-items";
import { startedJobsSql } from "./on-time";
import { pageSql as limit, type NumbersScope, type RowsPage, scopeOf } from "./period";
import { technicianItems } from "./utilization";

/** A page of rows, or null: every row (the CSV). */
type Page = RowsPage;
type ItemRow = Omit<NumbersJobOrCallItemDTO, "kind" | "employeeId" | "customerName"> & {
  employee_id: string | null;
  customer_name: string | null;
  total: number;
};

const REASON_TEXT: Record<string, string> = {
  follow_up: "Not booked: the customer has a job within 30 days",
  estimate: "Not booked: estimate",
  no_job: "Not booked",
};

function callsSql(scope: NumbersScope, figure: NumbersFigure, page: Page): SQL {
  const which =
    figure === "calls-booked"
      ? sql`where not_booked is null`
      : figure === "calls-not-booked"
        ? sql`where not_booked is not null`
        : sql``;
  return sql`
    with calls as (${callRowsSql(scope)})
    select id, call_date::text as date, call_time as time, null as employee_id, customer_name as label,
      customer_name, coalesce(not_booked, 'booked') as detail, count(*) over ()::int as total
    from calls ${which}
    order by call_date, call_time, id ${limit(page)}`;
}

/** Job rows of a figure: `where` over jobs j, `detail` an SQL text. */
const jobsSql = (where: SQL, detail: SQL, page: Page, from = sql`jobs j`) => sql`
  select j.id, j.date::text as date, j.time, j.employee_id, j.type || ' · ' || j.location as label,
    cu.name as customer_name, ${detail} as detail, count(*) over ()::int as total
  from ${from} left join customers cu on cu.id = j.customer_id
  where ${where}
  order by j.date nulls first, j.time, j.created_at, j.id ${limit(page)}`;

function jobFigureSql(scope: NumbersScope, figure: NumbersFigure, page: Page): SQL {
  switch (figure) {
    case "done":
      return jobsSql(sql`${periodJobs(scope)} and j.status = 'completed'`, sql`'Completed'`, page);
    case "cancelled":
      return jobsSql(sql`${periodJobs(scope)} and j.status = 'cancelled'`, sql`'Cancelled'`, page);
    case "waiting":
      return jobsSql(waitingSql(scope), sql`'Waiting since ' || to_char(j.created_at, 'YYYY-MM-DD')`, page);
    case "repeat-visits":
      return jobsSql(repeatSql(scope), sql`'Repeat visit within 30 days'`, page);
    default:
      return jobsSql(
        sql`j.company_id = ${scope.companyId}`,
        sql`'Moved from ' || m.from_date || ' ' || m.from_time || coalesce(' to ' || m.to_date || ' ' || m.to_time, ' to the tray')`,
        page,
        sql`(${movedJobsSql(scope)}) m join jobs j on j.id = m.job_id`,
      );
  }
}

/** On time and late: the started jobs, all or only the late ones. */
function startedSql(scope: NumbersScope, figure: NumbersFigure, page: Page): SQL {
  const which = figure === "late" ? sql`where late_minutes > 0` : sql``;
  return sql`
    with started as (${startedJobsSql(scope)})
    select id, date, time, employee_id, type || ' · ' || location as label, customer_name,
      case when late_minutes > 0 then late_minutes || ' min late' else 'On time' end as detail,
      count(*) over ()::int as total
    from started ${which}
    order by date, time, created_at, id ${limit(page)}`;
}

/**
 * A list is one index range of the period: planned in parallel (the on-time and late lists
 * were), each request started worker processes that cost more than the read, 330-360 ms p95
 * instead of 40-50 ms at 1,000,000 jobs on 2 cores (docs/numbers.md, "Speed").
 */
function withoutParallelWorkers<T>(
  read: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return read(tx);
  });
}

/** The rows of one figure in a scope: a page of them, or all with page null. */
async function figureItems(
  scope: NumbersScope,
  figure: NumbersFigure,
  page: Page,
): Promise<{ total: number; items: NumbersItemDTO[] }> {
  if (isNumbersMoneyFigure(figure)) return moneyItems(scope, figure, page);
  if (figure === "days-to-paid") return paidInvoiceItems(scope, page);
  if (isNumbersTechnicianFigure(figure)) return technicianItems(scope, page);
  const isCall = figure.startsWith("calls");
  const isStarted = figure === "on-time" || figure === "late";
  const statement = isCall
    ? callsSql(scope, figure, page)
    : isStarted
      ? startedSql(scope, figure, page)
      : jobFigureSql(scope, figure, page);
  const result = await withoutParallelWorkers((tx) => tx.execute<ItemRow>(statement));
  return {
    total: result.rows[0]?.total ?? 0,
    items: result.rows.map((row) => ({
      kind: isCall ? "call" : "job",
      id: row.id,
      date: row.date,
      time: row.time,
      employeeId: row.employee_id,
      label: row.label,
      customerName: row.customer_name,
      detail: isCall ? (REASON_TEXT[row.detail] ?? "Booked") : row.detail,
    })),
  };
}

/** The scope of a figure's rows: the money figures are the company's, whatever technician was chosen. */
async function itemsScope(figure: NumbersFigure, query: TNumbersQuery & { companyId: string }, now: Date) {
  await assertCompanyEmployee(query.companyId, query.employeeId);
  const { companyId, from, to } = query;
  const employeeId = isNumbersCompanyMoneyFigure(figure) ? undefined : query.employeeId;
  return scopeOf({ companyId, from, to, employeeId }, now);
}

export async function loadNumbersItems(
  figure: NumbersFigure,
  query: TNumbersItemsQuery & { companyId: string },
  now = new Date(),
): Promise<NumbersItemsDTO> {
  const scope = await itemsScope(figure, query, now);
  const page = { page: query.page, pageSize: query.pageSize };
  return { figure, ...page, ...(await figureItems(scope, figure, page)) };
}

/** Every row of a figure, for GET /api/numbers/:figure/items.csv. */
export async function loadAllNumbersItems(
  figure: NumbersFigure,
  query: TNumbersQuery & { companyId: string },
  now = new Date(),
): Promise<NumbersItemDTO[]> {
  const scope = await itemsScope(figure, query, now);
  return (await figureItems(scope, figure, null)).items;
}
