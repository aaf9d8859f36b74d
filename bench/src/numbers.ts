/**
 * The owner's numbers (docs/numbers.md) at size: GET /api/numbers for a week, a month and
 * a year, and the rows behind each figure for the month (the money lists included), with
 * 1,000,000 jobs and 200,000 calls in the company (about 13 years of 50 technicians' 4 jobs
 * a day and 40 calls a day), the last 400 days with Start and Complete taps and clocked
 * days, and every completed job invoiced (one invoice each, most paid, some in part, some
 * not: about 950,000 invoices and 900,000 payments). The plan of each figure's heaviest
 * statement is printed from EXPLAIN ANALYZE. Budget: every p95 <= 300 ms but the year's,
 * which is printed only.
 *
 * NUMBERS_BENCH_JOBS and NUMBERS_BENCH_CALLS make it smaller (a quick check that the
 * section runs); the budget is stated for the defaults.
 */
import { daysToPaidSql } from "@sched/core/queries/numbers/days-to-paid";
import type { NumbersScope } from "@sched/core/queries/numbers/period";
import { DEFAULT_DRIVE_MODEL } from "@sched/shared-types";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import { type BenchSection, load, request, verdict } from "./harness";
import { BENCH_MONDAY, registerOwner, seedWeek } from "./seed-week";

const BUDGET_P95_MS = 300;
const TOTAL_JOBS = Number(process.env.NUMBERS_BENCH_JOBS ?? 1_000_000);
const TOTAL_CALLS = Number(process.env.NUMBERS_BENCH_CALLS ?? 200_000);
const TAPPED_DAYS = 400;
const CONNECTIONS = 2;
const SECONDS = 5;
const FIGURES = [
  "calls",
  "calls-not-booked",
  "on-time",
  "late",
  "done",
  "rescheduled",
  "waiting",
  "repeat-visits",
  "utilization",
  "billed",
  "paid",
  "outstanding",
  "overdue",
  "days-to-paid",
];

/**
 * Every completed job billed on its date (due 14 days on): 18 in 20 paid in full 0-44 days
 * later (by one payment, whose day is the invoice's paid_on, as invoice-settlement.ts keeps
 * it), 1 in 20 paid half, 1 in 20 not paid; never paid after `before`.
 */
async function fillMoney(client: pg.Client, companyId: string, before: string) {
  await client.query(
    `create temp table billed as
     select gen_random_uuid() as invoice_id, j.id as job_id, j.customer_id, j.date, j.completed_at,
       row_number() over (order by j.date, j.id) as number, h % 20 as kind, 10000 + h % 40000 as amount,
       least(j.date + h % 45, $2::date - 1) as received_on
     from (select j.*, abs(hashtext(j.id::text)) as h from jobs j where j.company_id = $1 and j.status = 'completed') j`,
    [companyId, before],
  );
  await client.query(
    `insert into invoices (id, company_id, number, status, customer_id, currency, prices_include_tax,
       subtotal, tax, total, paid, issued_on, due_on, paid_on, work_done_at)
     select invoice_id, $1, number, case kind when 0 then 'sent' when 1 then 'partly_paid' else 'paid' end,
       customer_id, 'USD', false, amount, 0, amount,
       case kind when 0 then 0 when 1 then amount / 2 else amount end, date, date + 14,
       case when kind > 1 then received_on end, completed_at
     from billed`,
    [companyId],
  );
  // work_done_at is written with each invoice above, as a bulk import would: the trigger that
  // keeps it (migration 0047) would update 950,000 invoices one by one.
  await client.query("alter table invoice_jobs disable trigger invoice_jobs_to_invoice");
  await client.query(
    "insert into invoice_jobs (invoice_id, job_id, company_id) select invoice_id, job_id, $1 from billed",
    [companyId],
  );
  await client.query("alter table invoice_jobs enable trigger invoice_jobs_to_invoice");
  await client.query(
    `insert into payments (company_id, invoice_id, amount, currency, method, received_on)
     select $1, invoice_id, case kind when 1 then amount / 2 else amount end, 'USD', 'bank_transfer', received_on
     from billed where kind <> 0`,
    [companyId],
  );
  await client.query(
    `insert into document_counters (company_id, kind, last_number)
     select $1, 'invoice', count(*) from billed
     on conflict (company_id, kind) do update set last_number = excluded.last_number`,
    [companyId],
  );
  await client.query("drop table billed");
}

/** Jobs, calls, taps and clocked days straight in the tables, dated back from `before`. */
export async function fillNumbers(client: pg.Client, companyId: string, before: string) {
  const employees = Number(
    (await client.query("select count(*) from employees where company_id = $1", [companyId])).rows[0].count,
  );
  const days = Math.ceil(TOTAL_JOBS / (employees * 4));
  await client.query(
    `insert into customers (company_id, name) select $1, 'Customer ' || n from generate_series(1, 5000) n`,
    [companyId],
  );
  await client.query(
    `insert into call_record (company_id, customer_name, customer_phone, service_type, call_date, call_time)
     select $1, 'Caller ' || n, '555-' || n, case when n % 5 = 0 then 'estimate' else 'service' end,
            $2::date - (n % $3::int), lpad((8 + n % 10)::text, 2, '0') || ':00'
     from generate_series(1, $4::int) n`,
    [companyId, before, days, TOTAL_CALLS],
  );
  await client.query(
    `with customer_ids as (select array_agg(id) ids from customers where company_id = $1)
     insert into jobs (company_id, employee_id, type, location, date, time, status, completed_at, customer_id)
     select $1, e.id, 'Repair', (100 + d % 900) || ' Oak St', $2::date - d, lpad((8 + slot * 2)::text, 2, '0') || ':00',
            case when d % 20 = 0 then 'cancelled' else 'completed' end,
            case when d % 20 = 0 then null else ($2::date - d)::timestamptz + interval '18 hours' end,
            c.ids[1 + (abs(hashtext(e.id::text || d || slot)) % 5000)]
     from employees e, generate_series(1, $3::int) d, generate_series(0, 3) slot, customer_ids c
     where e.company_id = $1`,
    [companyId, before, days],
  );
  await client.query(
    `update jobs set call_record_id = c.id from call_record c
     where jobs.company_id = $1 and c.company_id = $1 and c.call_date = jobs.date and jobs.time = c.call_time
       and c.service_type = 'service' and jobs.date > $2::date - $3::int`,
    [companyId, before, TAPPED_DAYS],
  );
  await client.query(
    `insert into job_taps (company_id, employee_id, job_id, kind, at)
     select j.company_id, j.employee_id, j.id, k.kind, (j.date + j.time::time)::timestamptz + k.after
     from jobs j, (values ('start', interval '7 minutes'), ('complete', interval '97 minutes')) k(kind, after)
     where j.company_id = $1 and j.date > $2::date - $3::int and j.status = 'completed'`,
    [companyId, before, TAPPED_DAYS],
  );
  // The first Start kept on the job, as record-job-taps.ts keeps it.
  await client.query(
    `update jobs j set tapped_start_at = t.at from job_taps t
     where t.company_id = $1 and t.job_id = j.id and t.kind = 'start' and j.company_id = $1`,
    [companyId],
  );
  await client.query(
    `insert into time_entries (company_id, employee_id, clock_in, clock_out)
     select $1, e.id, (d + time '07:30')::timestamptz, (d + time '17:00')::timestamptz
     from employees e, generate_series($2::date - $3::int, $2::date - 1, interval '1 day') d where e.company_id = $1`,
    [companyId, before, TAPPED_DAYS],
  );
  await fillMoney(client, companyId, before);
  // As autovacuum leaves a database that grew over years: statistics, and the visibility map
  // set, so an index-only scan reads no table page (fresh bulk inserts have it unset).
  await client.query("vacuum analyze");
}

/** The indexes a statement's plan reads (the planner's own words, from EXPLAIN). */
async function indexesRead(client: pg.Client, statement: string, values: unknown[]) {
  const { rows } = await client.query(`explain (format json) ${statement}`, values);
  const names = new Set<string>();
  const walk = (node: Record<string, unknown>) => {
    if (typeof node["Index Name"] === "string") names.add(node["Index Name"]);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk(rows[0]["QUERY PLAN"][0].Plan);
  return [...names].join(", ") || "none (sequential scan)";
}

/** The statement's execution time; timing off: timing every node of a nested loop took longer than the loop (kvm-clock). */
async function explainMs(client: pg.Client, statement: string, values: unknown[]) {
  const { rows } = await client.query(`explain (analyze, timing off, format json) ${statement}`, values);
  return (rows[0]["QUERY PLAN"][0]["Execution Time"] as number).toFixed(1);
}

export const numbersBench: BenchSection = {
  name: "numbers",
  run: async (context) => {
    const owner = await registerOwner(context.appUrl, `${context.runId}-numbers`, "Bench Numbers");
    await seedWeek(context.appUrl, context.databaseUrl, owner, BENCH_MONDAY);
    const client = new pg.Client({ connectionString: context.databaseUrl });
    await client.connect();
    const lines: string[] = [];
    let worst = 0;
    try {
      const filled = performance.now();
      await fillNumbers(client, owner.companyId, BENCH_MONDAY);
      lines.push(`  filled in ${((performance.now() - filled) / 1000).toFixed(0)} s`);
      const month = { from: "2030-05-01", to: "2030-05-31" };
      // Each figure's heaviest statement for the month, as core writes it (the money figures'
      // invoices issued in the period are one range of invoices_company_issued_idx).
      const { rows: zone } = await client.query(
        "select coalesce((select time_zone from company_settings where company_id = $1), 'UTC') as time_zone",
        [owner.companyId],
      );
      const scope = {
        ...month,
        companyId: owner.companyId,
        timeZone: zone[0].time_zone,
        drive: DEFAULT_DRIVE_MODEL,
        now: new Date(),
      } satisfies NumbersScope;
      // These modules import core's database client, which needs DATABASE_URL when loaded.
      process.env.DATABASE_URL ??= context.databaseUrl;
      const { callRowsSql } = await import("@sched/core/queries/numbers/calls");
      const { repeatSql } = await import("@sched/core/queries/numbers/jobs");
      const { issuedInvoicesSql } = await import("@sched/core/queries/numbers/money");
      const { startedJobsSql } = await import("@sched/core/queries/numbers/on-time");
      const statements: [string, SQL][] = [
        ["calls", sql`select count(*) from (${callRowsSql(scope)}) calls`],
        ["started jobs", sql`select count(*) from (${startedJobsSql(scope)}) started`],
        ["repeat visits", sql`select count(*) from jobs j where ${repeatSql(scope)}`],
        ["days to paid", sql`select round(avg(days), 1) from (${daysToPaidSql(scope)}) paid`],
        ["invoices issued", sql`select count(*) from (${issuedInvoicesSql(scope)}) issued`],
      ];
      const explained: string[] = [];
      for (const [label, statement] of statements) {
        const query = new PgDialect().sqlToQuery(statement);
        const ms = await explainMs(client, query.sql, query.params);
        explained.push(`${label} ${ms} ms (${await indexesRead(client, query.sql, query.params)})`);
      }
      lines.push(`  EXPLAIN ANALYZE, the month: ${explained.join("; ")}`);
      const headers = { cookie: owner.cookie };
      const base = `${context.appUrl}/api/numbers`;
      const periods = {
        week: ["2030-05-27", "2030-06-02"],
        month: [month.from, month.to],
        year: ["2029-06-01", "2030-05-31"],
      };
      const urls: [string, string][] = Object.entries(periods).map(([label, [from, to]]) => [
        `GET /api/numbers, a ${label}`,
        `${base}?companyId=${owner.companyId}&from=${from}&to=${to}`,
      ]);
      for (const figure of FIGURES) {
        urls.push([
          `GET /api/numbers/${figure}/items, the month`,
          `${base}/${figure}/items?companyId=${owner.companyId}&from=${month.from}&to=${month.to}`,
        ]);
      }
      for (const [label, url] of urls) {
        const first = await request(url, { headers });
        if (first.status !== 200) throw new Error(`${label} answered ${first.status}: ${first.body}`);
        // A year is printed, not budgeted: it probes every job of the year (docs/numbers.md,
        // "Speed"); asked by one person a few times, as an owner would.
        const isYear = label.endsWith("a year");
        const result = await load(url, {
          headers,
          connections: isYear ? 1 : CONNECTIONS,
          durationMs: SECONDS * 1000,
          maxRequests: isYear ? 3 : undefined,
          expectStatus: 200,
        });
        if (!isYear) worst = Math.max(worst, result.p95);
        lines.push(`  ${label.padEnd(48)} p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms`);
      }
    } finally {
      await client.end();
    }
    context.report(
      `The owner's numbers: ${TOTAL_JOBS.toLocaleString("en-US")} jobs, ${TOTAL_CALLS.toLocaleString("en-US")} calls`,
      lines,
    );
    context.row({
      row: `Owner's numbers (GET /api/numbers week and month, each figure's items, money lists included), ${TOTAL_JOBS.toLocaleString("en-US")} jobs, ${TOTAL_CALLS.toLocaleString("en-US")} calls`,
      figure: `worst p95 ${worst.toFixed(1)} ms`,
      budget: `p95 <= ${BUDGET_P95_MS} ms`,
      verdict: verdict(worst <= BUDGET_P95_MS),
    });
  },
};
