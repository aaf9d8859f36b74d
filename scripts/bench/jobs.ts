/**
 * GET /api/jobs as the board calls it: one week of 50 employees x 6 days x 4 jobs
 * (1,200 jobs) in the client's window (Monday - 4 days to Sunday + 4), next to a bare
 * node:http server sending the same bytes, in the same run; and the empty 3 s chat poll
 * (a 304) next to the same bare 304.
 */
import {
  type BenchContext,
  type BenchSection,
  compare,
  formatComparison,
  load,
  request,
  startBareServer,
} from "./harness";
import { BENCH_MONDAY, BENCH_WINDOW, BUSY_WEEK, type Owner, registerOwner, seedWeek } from "./seed-week";

const { employees: EMPLOYEES, days: DAYS, jobsPerDay: JOBS_PER_DAY } = BUSY_WEEK;
const WINDOW = BENCH_WINDOW;

type Session = Owner;

/**
 * Latency of the first answer after a change, when the list has to be built again. The
 * change goes through the API, as every writer's does (it bumps the company's jobs version).
 */
async function afterChange(
  context: BenchContext,
  session: Session,
  url: string,
  headers: Record<string, string>,
  jobIds: string[],
) {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const jobId = jobIds[(i * 97) % jobIds.length];
    const moved = await request(`${context.appUrl}/api/jobs/${jobId}`, {
      method: "PUT",
      headers: { cookie: session.cookie },
      body: { description: `Changed ${i}` },
    });
    if (moved.status !== 200) throw new Error(`PUT /api/jobs: ${moved.status} ${moved.body}`);
    const t0 = process.hrtime.bigint();
    const res = await request(url, { headers });
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (res.status !== 200) throw new Error(`after change: ${res.status}`);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[10], max: samples[samples.length - 1] };
}

/** The chat poll as the screen sends it every 3 s when nothing is new: after the newest message, with its ETag. */
async function emptyChatPoll(appUrl: string, session: Session) {
  const sent = await request(`${appUrl}/api/chat`, {
    method: "POST",
    headers: { cookie: session.cookie },
    body: { companyId: session.companyId, message: "Anyone near Oak St?" },
  });
  if (sent.status !== 201) throw new Error(`POST /api/chat: ${sent.status} ${sent.body}`);
  const url = `${appUrl}/api/chat?companyId=${session.companyId}&after=${JSON.parse(sent.body.toString()).id}`;
  const first = await request(url, { headers: { cookie: session.cookie } });
  return { url, headers: { cookie: session.cookie, "if-none-match": first.headers.etag } };
}

export const jobsBench: BenchSection = {
  name: "jobs",
  run: async (context) => {
    const session = await registerOwner(context.appUrl, context.runId, "Bench Plumbing");
    await seedWeek(context.appUrl, context.databaseUrl, session, BENCH_MONDAY);
    const url = `${context.appUrl}/api/jobs?companyId=${session.companyId}&startDate=${WINDOW.startDate}&endDate=${WINDOW.endDate}`;
    // What a browser sends: the session cookie, and gzip accepted.
    const headers = { cookie: session.cookie, "accept-encoding": "gzip" };
    const first = await request(url, { headers });
    const json = await request(url, { headers: { cookie: session.cookie } });
    const listed = JSON.parse(json.body.toString()) as { id: string }[];
    const count = listed.length;
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
      lines.push(
        "",
        "  304 to If-None-Match (a board refetching after a change elsewhere; the 3 s chat poll with nothing new):",
      );
      const conditional = { ...headers, "if-none-match": first.headers.etag };
      const poll = await emptyChatPoll(context.appUrl, session);
      const results = await compare([
        { name: "GET /api/jobs (304)", url, options: { headers: conditional, expectStatus: 304 } },
        { name: "bare node:http 304", url: notModified.url, options: { expectStatus: 304 } },
        {
          name: "GET /api/chat (empty poll, 304)",
          url: poll.url,
          options: { headers: poll.headers, expectStatus: 304 },
        },
        // A signed-in route that still reads PostgreSQL: the session, then the user's row.
        {
          name: "GET /api/user (user row)",
          url: `${context.appUrl}/api/user`,
          options: { headers: { cookie: session.cookie }, expectStatus: 200 },
        },
      ]);
      const chatRatio =
        (results.get("GET /api/chat (empty poll, 304)")?.rps ?? 0) /
        (results.get("bare node:http 304")?.rps ?? 1);
      lines.push(
        ...formatComparison(results, "GET /api/jobs (304)", "bare node:http 304"),
        `  ratio GET /api/chat (empty poll, 304) / bare node:http 304: ${chatRatio.toFixed(2)}`,
      );
      const rebuilt = await afterChange(
        context,
        session,
        url,
        headers,
        listed.map((job) => job.id),
      );
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
