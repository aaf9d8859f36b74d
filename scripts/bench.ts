/**
 * `npm run bench`: the performance benchmarks. Not tests: each section prints numbers
 * next to a ceiling measured in the same run (a bare node:http server), as a ratio, or
 * next to its budget. It makes its own database (or uses BENCH_DATABASE_URL), starts the
 * real web process on a free local port, runs the sections, and cleans up.
 *
 * `npm run bench` runs jobs, sockets, customers, bundle, paint and lighthouse; `npm run bench -- jobs paint` runs
 * those named. The soak runs only when named: `npm run bench -- soak` (10 minutes; a
 * shorter one with `--duration=60` or SOAK_SECONDS=60).
 */
import { randomBytes } from "node:crypto";
import { bundleBench } from "./bench/bundle";
import { customersBench } from "./bench/customers";
import { type BenchSection, createDatabase, dropRedisKeys, startApp } from "./bench/harness";
import { jobsBench } from "./bench/jobs";
import { lighthouseBench } from "./bench/lighthouse";
import { paintBench } from "./bench/paint";
import { soakBench } from "./bench/soak";
import { socketsBench } from "./bench/sockets";
import { loadDotEnv } from "./services";

/** Each section exports one BenchSection; add yours here. */
const SECTIONS: BenchSection[] = [
  jobsBench,
  socketsBench,
  customersBench,
  bundleBench,
  paintBench,
  lighthouseBench,
];
/** Sections that run only when named. */
const ON_REQUEST: BenchSection[] = [soakBench];

loadDotEnv();
const args = process.argv.slice(2);
for (const arg of args) {
  const duration = /^--duration=(\d+)$/.exec(arg);
  if (duration) process.env.SOAK_SECONDS = duration[1];
}
const only = args.filter((arg) => !arg.startsWith("--"));
const sections = only.length
  ? [...SECTIONS, ...ON_REQUEST].filter((section) => only.includes(section.name))
  : SECTIONS;
const runId = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

console.log(
  `Benchmarks on ${process.platform}, node ${process.version}; sections: ${sections.map((s) => s.name).join(", ")}`,
);
const database = await createDatabase(runId);
let exitCode = 0;
try {
  const app = await startApp(database.url, runId);
  try {
    for (const section of sections) {
      await section.run({
        runId,
        databaseUrl: database.url,
        appUrl: app.url,
        report: (title, lines) => console.log(`\n${title}\n${lines.join("\n")}`),
      });
    }
  } finally {
    await app.stop();
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await database.drop();
  await dropRedisKeys(runId).catch((error) => console.error("Redis keys of the run not removed:", error));
}
process.exit(exitCode);
