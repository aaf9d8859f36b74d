import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * One run for every workspace. Projects that touch the database or Redis share the
 * database made for the run (core/test/global-setup.ts) and read its address in
 * core/test/env.ts.
 *
 * Test files share their worker process (`isolate: false`): a fresh process per file spent
 * about 4 s importing the app, more than most files' tests. The app reads its configuration
 * once per process, so a file that changes the environment first (a Stripe stub, another
 * Redis) runs in a process of its own: `ownProcess` finds those files.
 */
const ENV_WRITE =
  /process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|Object\.assign\(process\.env|delete process\.env|vi\.stubEnv/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(dir, name));
}

/** The test files under `dir` that write the environment, themselves or through a file they import. */
function ownProcess(dir: string, pattern = /\.test\.ts$/): string[] {
  const text = new Map(sourcesUnder(dir).map((file) => [file, readFileSync(file, "utf8")]));
  const writes = (file: string, seen = new Set<string>()): boolean => {
    const source = text.get(file);
    if (source === undefined || seen.has(file)) return false;
    seen.add(file);
    if (ENV_WRITE.test(source)) return true;
    const relative = [...source.matchAll(/(?:from|import)\s+"(\.{1,2}\/[^"]+)"/g)].map((m) => m[1]);
    return relative.some((spec) => writes(path.join(path.dirname(file), `${spec}.ts`), seen));
  };
  return [...text.keys()].filter((file) => pattern.test(file) && writes(file));
}

/** A workspace's tests in two projects: those sharing a process and those in one of their own. */
function split(name: string, dir: string, setupFiles: string[]) {
  const own = ownProcess(dir);
  const include = [`${dir}/**/*.test.ts`];
  return [
    { extends: true, test: { name, include, exclude: own, setupFiles, isolate: false } },
    ...(own.length > 0
      ? [{ extends: true, test: { name: `${name}-own-process`, include: own, setupFiles, isolate: true } }]
      : []),
  ];
}

export default defineConfig({
  test: {
    globalSetup: ["./core/test/global-setup.ts"],
    maxWorkers: 4,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: "shared-types", include: ["shared-types/test/**/*.test.ts"], isolate: false },
      },
      ...split("core", "core/test", ["./core/test/env.ts"]),
      ...split("server", "server/test", ["./core/test/env.ts"]),
      ...split("worker", "worker/test", ["./core/test/env.ts"]),
      { extends: true, test: { name: "client", include: ["client/test/**/*.test.ts"], isolate: false } },
      // The API once over on the embedded PostgreSQL `npm start` runs without DATABASE_URL.
      {
        extends: true,
        test: {
          name: "server-embedded",
          include: ["server/test/**/*.embedded.ts"],
          setupFiles: ["./server/test/embedded/env.ts"],
        },
      },
    ],
  },
});
