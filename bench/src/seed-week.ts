/**
 * The data the benchmarks share: an owner registered through the API (as a browser would)
 * and a busy week: employees added through the API, jobs in one insert, a realistic mix of
 * every type, status and payment, most with an amount, some with photos.
 */
import pg from "pg";
import { request } from "./harness";

export type Owner = { cookie: string; companyId: string };

/** The 1,200-job week the budgets are stated for: 50 employees x 6 days x 4 jobs. */
export const BUSY_WEEK = { employees: 50, days: 6, jobsPerDay: 4 };
/** The week the list benchmarks read, and the board's fetch window around it (Monday - 4 to Sunday + 4). */
export const BENCH_MONDAY = "2030-06-03";
export const BENCH_WINDOW = { startDate: "2030-05-30", endDate: "2030-06-13" };

const cookieOf = (setCookie: string) => setCookie.split(";")[0];

export async function registerOwner(appUrl: string, label: string, companyName: string): Promise<Owner> {
  const res = await request(`${appUrl}/api/register`, {
    method: "POST",
    body: {
      email: `bench-${label}@example.test`,
      password: "bench-password-1",
      firstName: "Bench",
      lastName: "Owner",
      companyName,
    },
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.body}`);
  const cookie = cookieOf(res.headers["set-cookie"]);
  const companies = await request(`${appUrl}/api/companies`, { headers: { cookie } });
  return { cookie, companyId: JSON.parse(companies.body.toString())[0].id };
}

/** Employees through the API (as the Employees screen adds them), then `days` x `jobsPerDay` jobs each from `monday`. */
export async function seedWeek(
  appUrl: string,
  databaseUrl: string,
  owner: Owner,
  monday: string,
  shape = BUSY_WEEK,
): Promise<void> {
  for (let i = 0; i < shape.employees; i++) {
    const res = await request(`${appUrl}/api/employees`, {
      method: "POST",
      headers: { cookie: owner.cookie },
      body: {
        companyId: owner.companyId,
        name: `Technician ${i + 1}`,
        initials: `T${i}`.slice(0, 3),
        avatarColor: "blue",
      },
    });
    if (res.status !== 201) throw new Error(`employee: ${res.status} ${res.body}`);
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
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
      [owner.companyId, monday, shape.days, shape.jobsPerDay],
    );
  } finally {
    await client.end();
  }
}
