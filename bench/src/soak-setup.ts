/**
 * The soak's people: companies registered through the API, each with a small week of
 * jobs, dispatchers (admins, each with a job of their own to move), technicians (members,
 * each with a socket open, some also polling the chat) and one chat message for the
 * pollers to wait after. Every session is made by signing in through the load balancer.
 */
import bcrypt from "bcrypt";
import pg from "pg";
import { request } from "./harness";
import { BENCH_MONDAY, registerOwner, seedWeek } from "./seed-week";

/** One company of the soak's mix; the mix grows by whole companies. */
export const PER_COMPANY = { dispatchers: 10, technicians: 50, chatPollers: 15 };
export const PEOPLE_PER_COMPANY = PER_COMPANY.dispatchers + PER_COMPANY.technicians + PER_COMPANY.chatPollers;
const SOAK_WEEK = { employees: 10, days: 6, jobsPerDay: 2 };
const PASSWORD = "bench-password-1";
/** Sign-ins sent at once while a company is set up. */
const SIGN_IN_BATCH = 25;

export type Dispatcher = { cookie: string; jobId: string };
export type SoakCompany = {
  companyId: string;
  dispatchers: Dispatcher[];
  /** One session per technician: each opens one socket. */
  technicianCookies: string[];
  /** One session per chat poller (a member with the chat open). */
  pollerCookies: string[];
  lastMessageId: string;
};

async function json<T>(answer: Promise<{ status: number; body: Buffer }>, expected: number, what: string) {
  const res = await answer;
  if (res.status !== expected) throw new Error(`${what}: ${res.status} ${res.body}`);
  return JSON.parse(res.body.toString()) as T;
}

async function signIn(url: string, email: string): Promise<string> {
  const res = await request(`${url}/api/login`, { method: "POST", body: { email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.body}`);
  return res.headers["set-cookie"].split(";")[0];
}

async function signInAll(url: string, emails: string[]): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < emails.length; i += SIGN_IN_BATCH) {
    cookies.push(...(await Promise.all(emails.slice(i, i + SIGN_IN_BATCH).map((e) => signIn(url, e)))));
  }
  return cookies;
}

/** `count` members of the company with `role`, straight in the tables (as invitations accepted would leave them). */
async function addMembers(
  client: pg.Client,
  companyId: string,
  label: string,
  count: number,
  role: "admin" | "employee",
) {
  const hash = await bcrypt.hash(PASSWORD, 4);
  const emails = Array.from({ length: count }, (_, i) => `soak-${label}-${role}-${i}@example.test`);
  const { rows } = await client.query<{ id: string }>(
    `insert into users (email, password, first_name, last_name)
     select email, $2, 'Soak', $3 from unnest($1::text[]) as email returning id`,
    [emails, hash, role === "admin" ? "Dispatcher" : "Technician"],
  );
  await client.query(
    `insert into company_user (company_id, user_id, role) select $1, id, $3 from unnest($2::uuid[]) as id`,
    [companyId, rows.map((row) => row.id), role],
  );
  return emails;
}

/** Companies `from` to `from + count - 1` of the run, set up through the balancer at `url`. */
export async function setUpCompanies(
  url: string,
  databaseUrl: string,
  runId: string,
  from: number,
  count: number,
): Promise<SoakCompany[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const made: SoakCompany[] = [];
    for (let c = from; c < from + count; c++) {
      const label = `${runId}-${c}`;
      const owner = await registerOwner(url, `soak-${label}`, `Soak Plumbing ${c + 1}`);
      await seedWeek(url, databaseUrl, owner, BENCH_MONDAY, SOAK_WEEK);
      const jobs = await json<{ id: string }[]>(
        request(`${url}/api/jobs?companyId=${owner.companyId}`, { headers: { cookie: owner.cookie } }),
        200,
        "jobs",
      );
      const admins = await addMembers(client, owner.companyId, label, PER_COMPANY.dispatchers, "admin");
      const members = await addMembers(
        client,
        owner.companyId,
        label,
        PER_COMPANY.technicians + PER_COMPANY.chatPollers,
        "employee",
      );
      const memberCookies = await signInAll(url, members);
      const dispatcherCookies = await signInAll(url, admins);
      const message = await json<{ id: string }>(
        request(`${url}/api/chat`, {
          method: "POST",
          headers: { cookie: owner.cookie },
          body: { companyId: owner.companyId, message: "Morning, everyone" },
        }),
        201,
        "chat",
      );
      made.push({
        companyId: owner.companyId,
        dispatchers: dispatcherCookies.map((cookie, i) => ({ cookie, jobId: jobs[i % jobs.length].id })),
        technicianCookies: memberCookies.slice(0, PER_COMPANY.technicians),
        pollerCookies: memberCookies.slice(PER_COMPANY.technicians),
        lastMessageId: message.id,
      });
    }
    return made;
  } finally {
    await client.end();
  }
}
