/**
 * `npm run bench`: the performance budgets (docs/performance.md). Not tests: each section
 * measures the real app, prints what it saw, and adds rows to the budget table printed at
 * the end (figure, budget, met or missed). It makes its own database (or uses
 * BENCH_DATABASE_URL), starts the real web process on a free local port (the soak, the
 * failover and the capacity sections start their own: two web processes behind HAProxy),
 * runs the sections, and cleans up.
 *
 * `npm run bench` runs every budget section (about 25 minutes); `npm run bench -- jobs paint timeline`
 * runs those named; `--duration=N` makes the soak N seconds instead of 600 (SOAK_SECONDS too).
 */
import { randomBytes } from "node:crypto";
import { loadDotEnv } from "../../scripts/services";
import { bookingBench } from "./booking";
import { bundleBench } from "./bundle";
import { capacityBench } from "./capacity";
import { customersBench } from "./customers";
import { failoverBench } from "./failover";
import { type BenchSection, type BudgetRow, createDatabase, dropRedisKeys, startApp } from "./harness";
import { jobsBench } from "./jobs";
import { lighthouseBench } from "./lighthouse";
import { mapBench } from "./map";
import { numbersBench } from "./numbers";
import { optimizeBench } from "./optimize";
import { paintBench } from "./paint";
import { pollingBench } from "./polling";
import { smokeBench } from "./smoke";
import { soakBench } from "./soak";
import { timelineBench } from "./timeline";

/** Each section exports one BenchSection; add yours here. */
const SECTIONS: BenchSection[] = [
  bundleBench,
  jobsBench,
  customersBench,
  paintBench,
  timelineBench,
  mapBench,
  numbersBench,
  optimizeBench,
  bookingBench,
  lighthouseBench,
  pollingBench,
  soakBench,
  failoverBench,
  capacityBench,
];
/** Sections that run only when named (not part of the budget run). */
const ON_REQUEST: BenchSection[] = [smokeBench];

loadDotEnv();
// npm runs this in bench/; paths in the settings (PAINT_CLIENT_DIST...) are read from where npm was called.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const args = process.argv.slice(2);
for (const arg of args) {
  const duration = /^--duration=(\d+)$/.exec(arg);
  if (duration) process.env.SOAK_SECONDS = duration[1];
}
const only = args.filter((arg) => !arg.startsWith("--"));
const known = [...SECTIONS, ...ON_REQUEST];
const unknown = only.filter((name) => !known.some((section) => section.name === name));
if (unknown.length) {
  console.error(`Unknown section(s): ${unknown.join(", ")}; known: ${known.map((s) => s.name).join(", ")}`);
  process.exit(2);
}
const sections = only.length ? known.filter((section) => only.includes(section.name)) : SECTIONS;
const runId = `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

/** The budget table: one line per row, its figure, its budget and the verdict. */
function printTable(rows: BudgetRow[]) {
  console.log("\nBudgets");
  for (const row of rows) {
    console.log(
      `  ${row.verdict.toUpperCase().padEnd(7)} ${row.row}\n          ${row.figure}   (budget: ${row.budget})`,
    );
  }
  const missed = rows.filter((row) => row.verdict === "missed").length;
  const skipped = rows.filter((row) => row.verdict === "skipped").length;
  console.log(`\n  ${rows.length - missed - skipped} met, ${missed} missed, ${skipped} skipped`);
}

console.log(
  `Benchmarks on ${process.platform}, node ${process.version}; sections: ${sections.map((s) => s.name).join(", ")}`,
);
const rows: BudgetRow[] = [];
const database = await createDatabase(runId);
let exitCode = 0;
try {
  const app = await startApp(database.url, runId);
  try {
    for (const section of sections) {
      const started = Date.now();
      // A section that fails is a row missed; the others still run.
      await section
        .run({
          runId,
          databaseUrl: database.url,
          appUrl: app.url,
          report: (title, lines) => console.log(`\n${title}\n${lines.join("\n")}`),
          row: (row) => rows.push(row),
        })
        .catch((error: unknown) => {
          console.error(error);
          exitCode = 1;
          const message = error instanceof Error ? error.message : String(error);
          rows.push({
            row: `${section.name}: failed`,
            figure: message.slice(0, 200),
            budget: "-",
            verdict: "missed",
          });
        });
      console.log(`  (${section.name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    await app.stop();
  }
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  printTable(rows);
  await database.drop();
  await dropRedisKeys(runId).catch((error) => console.error("Redis keys of the run not removed:", error));
}
process.exit(exitCode);
