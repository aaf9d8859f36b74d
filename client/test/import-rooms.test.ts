/// <reference types="node" />
/**
 * The client's rooms (docs/architecture.md): app/ is imported by none, rooms import the
 * rooms below them, features and entities import each other one way only. The graph comes
 * from client/test/import-rooms.ts; Biome's noRestrictedImports (biome.json) repeats the
 * app/ rule in the editor.
 */
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type Edge, importGraph, importsOf, roomProblems } from "./import-rooms";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = join(ROOT, "client/src");

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A throwaway client/src laid out from `files` (path under src -> source). */
async function tree(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "import-rooms-"));
  dirs.push(dir);
  for (const [file, source] of Object.entries(files)) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), source);
  }
  return dir;
}

describe("the client's rooms", () => {
  it("keep their arrows in the real tree", () => {
    const edges = importGraph(SRC);
    // A reader that found nothing would pass anything.
    expect(edges.length).toBeGreaterThan(500);
    expect(roomProblems(edges)).toEqual([]);
  });

  it("reads every kind of import and skips those named in comments", () => {
    const source = [
      `import { a } from "./a";`,
      `import type { B } from "../b";`,
      `import {\n  c,\n  type C,\n} from "./c";`,
      `export { d } from "./d";`,
      `export * from "./e";`,
      `import "./f.css";`,
      `const g = () => import("./g");`,
      `import { h } from "react";`,
      `// import { x } from "./x";`,
      `/** Loaded as import("./y") by the router. */`,
      `const url = "http://example.com/import('./z')";`,
    ].join("\n");
    expect(importsOf(source)).toEqual(["./a", "../b", "./c", "./d", "./e", "./f.css", "./g"]);
  });

  it("fails an import into app/ from a feature, found in files", async () => {
    const dir = await tree({
      "app/feedback.ts": `export const toast = 1;`,
      "app/router.tsx": `import { Page } from "../features/jobs/Page";\nexport const routes = [Page];`,
      "features/jobs/Page.tsx": `import { toast } from "../../app/feedback";\nexport const Page = toast;`,
      "main.tsx": `import { routes } from "./app/router";\nexport const all = routes;`,
    });
    expect(roomProblems(importGraph(dir))).toEqual([
      "features/jobs/Page.tsx imports app/feedback.ts: nothing outside app/ imports app/",
      "a cycle between app, features/jobs: app/router.tsx -> features/jobs/Page.tsx; features/jobs/Page.tsx -> app/feedback.ts",
    ]);
  });

  it("fails two features importing each other, and a room importing one above it", () => {
    const edges: Edge[] = [
      { from: "features/schedule/Board.tsx", to: "features/time-off/Mark.tsx" },
      { from: "features/time-off/Mark.tsx", to: "features/schedule/workingDays.ts" },
      { from: "lib/realtime.ts", to: "features/chat/cache.ts" },
      { from: "entities/job/style.ts", to: "lib/dates.ts" },
      { from: "main.tsx", to: "app/router.tsx" },
    ];
    expect(roomProblems(edges)).toEqual([
      "lib/realtime.ts imports features/chat/cache.ts: lib sits below features/chat",
      "a cycle between features/schedule, features/time-off: features/schedule/Board.tsx -> features/time-off/Mark.tsx; features/time-off/Mark.tsx -> features/schedule/workingDays.ts",
    ]);
  });

  it("fails a folder no layer names, so a new folder gets a place", () => {
    expect(roomProblems([{ from: "widgets/Clock.tsx", to: "lib/dates.ts" }])).toEqual([
      "widgets/Clock.tsx imports lib/dates.ts: place widgets in LAYERS (client/test/import-rooms.ts)",
    ]);
  });
});

describe("Biome's rule against importing app/ (biome.json)", () => {
  const run = promisify(execFile);
  const BIOME = join(ROOT, "node_modules/.bin/biome");

  it("flags a feature, lib and a stray root file importing app/, and lets app/ and main.tsx", async () => {
    const used = (line: string) => `${line}\nexport const used = [a];\n`;
    const dir = await tree({
      "client/src/features/jobs/a.ts": used(`import { a } from "../../app/feedback";`),
      "client/src/lib/b.ts": used(`import { a } from "../app";`),
      "client/src/c.ts": used(`import { a } from "./app/router";`),
      "client/src/app/ok.ts": used(`import { a } from "./feedback";`),
      "client/src/main.tsx": used(`import { a } from "./app/router";`),
      "client/src/features/jobs/ok.ts": used(`import { a } from "../../lib/apply";`),
    });
    await copyFile(join(ROOT, "biome.json"), join(dir, "biome.json"));
    const outcome = await run(
      BIOME,
      ["lint", "--only=style/noRestrictedImports", "--vcs-enabled=false", "."],
      {
        cwd: dir,
      },
    ).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    expect(outcome.code).not.toBe(0);
    const flagged = [...outcome.output.matchAll(/^(\S+\.tsx?):\d+:\d+ lint\/style\/noRestrictedImports/gm)];
    expect(flagged.map((match) => match[1]).sort()).toEqual([
      "client/src/c.ts",
      "client/src/features/jobs/a.ts",
      "client/src/lib/b.ts",
    ]);
  });
});
