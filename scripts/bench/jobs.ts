/**
 * GET /api/jobs as the board calls it: one week of 50 employees x 6 days x 4 jobs
 * (1,200 jobs) in the client's window (Monday - 4 days to Sunday + 4), next to a bare
 * node:http server sending the same bytes, in the same run.
 */
import pg from "pg";
import {
  type BenchContext,
  type BenchSection,
  compare,
  formatComparison,
  load,
  request,
  startBareServer,
} from "./harness";

const EMPLOYEES = 50;
const DAYS = 6;
const JOBS_PER_DAY = 4;
const MONDAY = "2030-06-03";
const WINDOW = { startDate: "2030-05-30", endDate: "2030-06-13" };

type Session = { cookie: string; companyId: string };

async function registerOwner(appUrl: string, runId: string): Promise<Session> {
  const res = await request(`${appUrl}/api/register`, {
    method: "POST",
    body: {
      email: `bench-${runId}@example.test`,
      password: "bench-password-1",
      firstName: "Bench",
      lastName: "Owner",
      companyName: "Bench Plumbing",
    },
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.body}`);
  const cookie = res.headers["set-cookie"].split(";")[0];
  const companies = await request(`${appUrl}/api/companies`, { headers: { cookie } });
  return { cookie, companyId: JSON.parse(companies.body.toString())[0].id };
}

/** Employees through the API (as the Employees screen adds them), the 1,200 jobs in one insert. */
async function seed(context: BenchContext, session: Session) {
  for (let i = 0; i < EMPLOYEES; i++) {
    const res = await request(`${context.appUrl}/api/employees`, {
      method: "POST",
      headers: { cookie: session.cookie },
      body: {
        companyId: session.companyId,
        name: `Technician ${i + 1}`,
        initials: `T${i}`.slice(0, 3),
        avatarColor: "blue",
      },
    });
    if (res.status !== 201) throw new Error(`employee: ${res.status} ${res.body}`);
  }
  const client = new pg.Client({ connectionString: context.databaseUrl });
  await client.connect();
  try {
    // A realistic mix: every type, status and payment, most with an amount, some with photos.
    await client.query(
      `insert into jobs (company_id, employee_id, type, location, description, date, time, status,
                         payment_status, amount, customer_email, customer_phone, has_before_photo, completed_at)
       select $1, e.id,
              (array['Plumbing','Installation','Repair','Maintenance','Emergency','Inspection','Follow-up'])[1 + (n % 7)],
              (100 + n % 900) || ' ' || (array['Oak St','Maple Ave','Pine Rd','Cedar Ln'])[1 + (n % 4)],
              case when n % 3 = 0 then 'Replace kitchen faucet and check the shut-off valve' end,
              $2::date + d, lpad((8 + slot * 2)::text, 2, '0') || ':' || (array['00','30'])[1 + (n % 2)],
              (array['scheduled','in_progress','completed','cancelled'])[1 + (n % 4)],
              (array['pending','billed','paid','overdue'])[1 + (n % 4)],
              case when n % 5 <> 0 then (95 + n % 400)::numeric end,
              case when n % 2 = 0 then 'customer' || n || '@example.test' end,
              case when n % 2 = 1 then '+1 555 01' || lpad((n % 100)::text, 2, '0') end,
              n % 10 = 0,
              case when n % 4 = 2 then now() end
       from (select id, row_number() over (order by name) as k from employees where company_id = $1) e,
            generate_series(0, $3 - 1) d, generate_series(0, $4 - 1) slot,
            lateral (select (e.k * 31 + d * 7 + slot)::int as n) x`,
      [session.companyId, MONDAY, DAYS, JOBS_PER_DAY],
    );
  } finally {
    await client.end();
  }
}

/** Latency of the first answer after a change, when the list has to be built again. */
async function afterChange(
  context: BenchContext,
  session: Session,
  url: string,
  headers: Record<string, string>,
) {
  const client = new pg.Client({ connectionString: context.databaseUrl });
  await client.connect();
  const samples: number[] = [];
  try {
    for (let i = 0; i < 20; i++) {
      await client.query(
        "update jobs set location = location, updated_at = now() where id = (select id from jobs where company_id = $1 order by random() limit 1)",
        [session.companyId],
      );
      const t0 = process.hrtime.bigint();
      const res = await request(url, { headers });
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.status !== 200) throw new Error(`after change: ${res.status}`);
    }
  } finally {
    await client.end();
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[10], max: samples[samples.length - 1] };
}

export const jobsBench: BenchSection = {
  name: "jobs",
  run: async (context) => {
    const session = await registerOwner(context.appUrl, context.runId);
    await seed(context, session);
    const url = `${context.appUrl}/api/jobs?companyId=${session.companyId}&startDate=${WINDOW.startDate}&endDate=${WINDOW.endDate}`;
    // What a browser sends: the session cookie, and gzip accepted.
    const headers = { cookie: session.cookie, "accept-encoding": "gzip" };
    const first = await request(url, { headers });
    const json = await request(url, { headers: { cookie: session.cookie } });
    const count = (JSON.parse(json.body.toString()) as unknown[]).length;
    if (first.status !== 200 || count !== EMPLOYEES * DAYS * JOBS_PER_DAY) {
      throw new Error(`GET /api/jobs answered ${first.status} with ${count} jobs`);
    }
    const copied = ["content-type", "content-encoding", "etag", "cache-control", "vary"];
    const sameHeaders = Object.fromEntries(
      copied.filter((h) => first.headers[h]).map((h) => [h, first.headers[h]]),
    );
    const lines: string[] = [
      `  ${count} jobs: ${(json.body.length / 1024).toFixed(1)} kB of JSON, ${(first.body.length / 1024).toFixed(1)} kB gzipped`,
    ];

    const full = await startBareServer({ status: 200, headers: sameHeaders, body: first.body });
    const notModified = await startBareServer({ status: 304, headers: sameHeaders, body: Buffer.alloc(0) });
    try {
      lines.push("", "  200 with the list (a board loading the week):");
      lines.push(
        ...formatComparison(
          await compare([
            { name: "GET /api/jobs", url, options: { headers, expectStatus: 200 } },
            { name: "bare node:http, same bytes", url: full.url, options: { expectStatus: 200 } },
          ]),
          "GET /api/jobs",
          "bare node:http, same bytes",
        ),
      );
      lines.push("", "  304 to If-None-Match (a board refetching after a change elsewhere):");
      const conditional = { ...headers, "if-none-match": first.headers.etag };
      lines.push(
        ...formatComparison(
          await compare([
            { name: "GET /api/jobs (304)", url, options: { headers: conditional, expectStatus: 304 } },
            { name: "bare node:http 304", url: notModified.url, options: { expectStatus: 304 } },
            // The floor of any signed-in route here: the session lookup alone.
            {
              name: "GET /api/user (session only)",
              url: `${context.appUrl}/api/user`,
              options: { headers: { cookie: session.cookie }, expectStatus: 200 },
            },
          ]),
          "GET /api/jobs (304)",
          "bare node:http 304",
        ),
      );
      const rebuilt = await afterChange(context, session, url, headers);
      lines.push(
        "",
        `  first answer after a job changed (list rebuilt): p50 ${rebuilt.p50.toFixed(2)} ms, max ${rebuilt.max.toFixed(2)} ms`,
      );
      // A sanity line: one connection, one request at a time.
      const serial = await load(url, { headers, connections: 1, durationMs: 2000, expectStatus: 200 });
      lines.push(`  one connection, unchanged list: p50 ${serial.p50.toFixed(2)} ms`);
    } finally {
      await full.stop();
      await notModified.stop();
    }
    context.report("GET /api/jobs: one week, 50 employees x 6 days x 4 jobs", lines);
  },
};
