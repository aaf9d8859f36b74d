/**
 * Every answer type in shared-types is inferred from its zod schema
 * (shared-types/src/schemas), never written by hand beside it: one shape per entity, which
 * the OpenAPI document and server/test/response-schemas.test.ts read too. Here, not in
 * shared-types/test, because reading files needs Node's types, which shared-types has not.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SOURCE = join(import.meta.dirname, "../../shared-types/src");

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });

/** `export type XDTO = …` not followed by z.infer, and any `interface XDTO`, with their file. */
export function handWrittenAnswerTypes(file: string, text: string): string[] {
  const aliases = [...text.matchAll(/export\s+type\s+(\w+DTO)\b[^=]*=\s*([^;]*)/g)]
    .filter((match) => !/^z\.infer<typeof \w+>/.test(match[2] ?? ""))
    .map((match) => match[1]);
  const interfaces = [...text.matchAll(/interface\s+(\w+DTO)\b/g)].map((match) => match[1]);
  return [...aliases, ...interfaces].map((name) => `${name} (${file})`);
}

describe("shared-types' answer types", () => {
  it("are all inferred from a zod schema", () => {
    const files = sourceFiles(SOURCE);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((file) =>
      handWrittenAnswerTypes(relative(SOURCE, file), readFileSync(file, "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("the check sees a hand-written one", () => {
    expect(handWrittenAnswerTypes("a.ts", "export type JobDTO = { id: string };")).toEqual(["JobDTO (a.ts)"]);
    expect(handWrittenAnswerTypes("a.ts", "export interface PlanDTO { name: string }")).toEqual([
      "PlanDTO (a.ts)",
    ]);
    expect(handWrittenAnswerTypes("a.ts", "export type X = Pick<JobDTO, 'id'>;")).toEqual([]);
    expect(handWrittenAnswerTypes("a.ts", "export type JobDTO = z.infer<typeof ZJob>;")).toEqual([]);
  });
});
