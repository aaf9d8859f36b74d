/**
 * The workspace arrows and "tables in core only" are Biome's noRestrictedImports, set per
 * folder in biome.json (docs/architecture.md). These run Biome the way `npm run lint` does:
 * once on fixtures with each forbidden import, laid out like the repository beside a copy of
 * biome.json, and once on the real tree.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, "../..");
const BIOME = join(ROOT, "node_modules/.bin/biome");
const RULE = "style/noRestrictedImports";

/** Biome's exit code and the files it flagged under the rule. */
async function lint(cwd: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(BIOME, ["lint", `--only=${RULE}`, ...args], { cwd });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

const flagged = (output: string) =>
  [...output.matchAll(/^(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) => m[1]).sort();

const FORBIDDEN: Record<string, string> = {
  "client/src/a.ts": `import { createApp } from "@sched/server/app";`,
  "client/src/b.ts": `import { createApp } from "../../server/src/app";`,
  "client/src/c.ts": `import { db } from "@sched/core/db/client";`,
  "worker/src/a.ts": `import { createApp } from "@sched/server/app";`,
  "worker/src/b.ts": `import { db } from "@sched/core/db/client";`,
  "worker/src/c.ts": `import { eq } from "drizzle-orm";`,
  "worker/test/a.ts": `import { createApp } from "../../server/src/app";`,
  "core/src/a.ts": `import { createApp } from "@sched/server/app";`,
  "core/src/b.ts": `import { startWorkers } from "../../worker/src/index";`,
  "shared-types/src/a.ts": `import { db } from "@sched/core/db/client";`,
  "server/src/a.ts": `import { db } from "@sched/core/db/client";`,
  "server/src/b.ts": `import { sql } from "drizzle-orm/sql";`,
};

const ALLOWED: Record<string, string> = {
  "client/src/ok.ts": `import { ZJobCreate } from "@sched/shared-types";`,
  "worker/src/ok.ts": `import { pool } from "@sched/core/db/client";`,
  "server/src/ok.ts": `import { listJobs } from "@sched/core/queries/list-jobs";`,
  "worker/test/ok.ts": `import { db } from "@sched/core/db/client";`,
  "core/src/ok.ts": `import { eq } from "drizzle-orm";`,
};

describe("the import arrows (biome.json)", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("fails each forbidden import and passes the allowed ones", async () => {
    const dir = await mkdtemp(join(tmpdir(), "import-arrows-"));
    dirs.push(dir);
    await copyFile(join(ROOT, "biome.json"), join(dir, "biome.json"));
    for (const [file, line] of Object.entries({ ...FORBIDDEN, ...ALLOWED })) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), `${line}\nexport const used = [${line.match(/\{ (\w+)/)![1]}];\n`);
    }
    const { code, output } = await lint(dir, ["--vcs-enabled=false", "."]);
    expect(code).not.toBe(0);
    expect(flagged(output)).toEqual(Object.keys(FORBIDDEN).sort());
  });

  it("passes on the real tree", async () => {
    const { code, output } = await lint(ROOT, ["client", "core", "server", "shared-types", "worker"]);
    expect(flagged(output)).toEqual([]);
    expect(code).toBe(0);
  });
});
