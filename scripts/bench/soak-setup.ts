/**
 * The soak's people: companies registered through the API, each with a small week of
 * jobs, dispatchers (admins, each with a session of their own and a job of their own to
 * edit) and one chat message for the pollers to wait after.
 */
import bcrypt from "bcrypt";
import pg from "pg";
import { request } from "./harness";
import { BENCH_MONDAY, registerOwner, seedWeek } from "./seed-week";

export const SOAK_WEEK = { employees: 10, days: 6, jobsPerDay: 2 };
const PASSWORD = "bench-password-1";

export type Dispatcher = { cookie: string; companyId: string; jobId: string };
export type SoakCompany = { companyId: string; dispatchers: Dispatcher[]; lastMessageId: string };

async function json<T>(answer: Promise<{ status: number; body: Buffer }>, expected: number, what: string) {
  const res = await answer;
  if (res.status !== expected) throw new Error(`${what}: ${res.status} ${res.body}`);
  return JSON.parse(res.body.toString()) as T;
}

async function signIn(appUrl: string, email: string): Promise<string> {
  const res = await request(`${appUrl}/api/login`, { method: "POST", body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.body}`);
  return res.headers["set-cookie"].split(";")[0];
}

/** `count` admins of the company, straight in the tables (as invitations accepted would leave them). */
async function addAdmins(client: pg.Client, companyId: string, label: string, count: number) {
  const hash = await bcrypt.hash(PASSWORD, 4);
  const emails = Array.from({ length: count }, (_, i) => `soak-${label}-${i}@example.test`);
  const { rows } = await client.query<{ id: string }>(
    `insert into users (email, password, first_name, last_name)
     select email, $2, 'Dispatcher', 'Soak' from unnest($1::text[]) as email returning id`,
    [emails, hash],
  );
  await client.query(
    `insert into company_user (company_id, user_id, role) select $1, id, 'admin' from unnest($2::uuid[]) as id`,
    [companyId, rows.map((row) => row.id)],
  );
  return emails;
}

export async function setUpCompanies(
  urls: string[],
  databaseUrl: string,
  runId: string,
  companies: number,
  dispatchersPerCompany: number,
): Promise<SoakCompany[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const made: SoakCompany[] = [];
    for (let c = 0; c < companies; c++) {
      const label = `${runId}-${c}`;
      const owner = await registerOwner(urls[0], `soak-${label}`, `Soak Plumbing ${c + 1}`);
      await seedWeek(urls[0], databaseUrl, owner, BENCH_MONDAY, SOAK_WEEK);
      const jobs = await json<{ id: string }[]>(
        request(`${urls[0]}/api/jobs?companyId=${owner.companyId}`, { headers: { cookie: owner.cookie } }),
        200,
        "jobs",
      );
      const emails = await addAdmins(client, owner.companyId, label, dispatchersPerCompany);
      const dispatchers: Dispatcher[] = [];
      for (const [i, email] of emails.entries()) {
        const cookie = await signIn(urls[i % urls.length], email);
        dispatchers.push({ cookie, companyId: owner.companyId, jobId: jobs[i % jobs.length].id });
      }
      const message = await json<{ id: string }>(
        request(`${urls[0]}/api/chat`, {
          method: "POST",
          headers: { cookie: owner.cookie },
          body: { companyId: owner.companyId, message: "Morning, everyone" },
        }),
        201,
        "chat",
      );
      made.push({ companyId: owner.companyId, dispatchers, lastMessageId: message.id });
    }
    return made;
  } finally {
    await client.end();
  }
}
