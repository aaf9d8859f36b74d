/**
 * `npm run bench`: the performance benchmarks. Not tests: each section prints numbers
 * next to a ceiling measured in the same run (a bare node:http server), as a ratio.
 * It makes its own database (or uses BENCH_DATABASE_URL), starts the real web process
 * on a free local port, runs every section below, and cleans up.
 */
import { randomBytes } from "node:crypto";
import { bundleBench } from "./bench/bundle";
import { type BenchSection, createDatabase, startApp } from "./bench/harness";
import { jobsBench } from "./bench/jobs";
import { socketsBench } from "./bench/sockets";
import { loadDotEnv } from "./services";

/** Each section exports one BenchSection; add yours here. */
const SECTIONS: BenchSection[] = [jobsBench, socketsBench, bundleBench];

loadDotEnv();
const only = process.argv.slice(2);
const sections = only.length ? SECTIONS.filter((s) => only.includes(s.name)) : SECTIONS;
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
}
process.exit(exitCode);
