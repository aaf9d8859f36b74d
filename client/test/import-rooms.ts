/// <reference types="node" />
/**
 * The client's folders ("rooms") and which way their imports go (docs/architecture.md).
 * Biome can forbid an import by its path but not see a cycle, so this reads every import
 * under client/src, folds files into rooms and names what breaks the arrows: an import
 * into app/ from outside it, a room that imports a room above it, a cycle between rooms.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * Rooms from top to bottom: a room imports rooms below it, and rooms of its own layer
 * (one feature another, one entity another) as long as no cycle forms. The entry file
 * (main.tsx) starts the app and may import anything.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ["app"],
  // The customer's pages (customer.html): their own entry; what they may import,
  // client/test/customer-pages.test.ts says.
  ["customer"],
  ["features/*"],
  ["realtime", "outbox"],
  ["components"],
  ["entities/*"],
  ["ui"],
  ["lib"],
  ["stores"],
];
export const ENTRY = "(entry)";

export type Edge = { from: string; to: string };

const CODE = /\.(ts|tsx)$/;

/** The room a path under client/src belongs to: features/<name>, entities/<name>, else its top folder. */
export function roomOf(file: string): string {
  const parts = file.split(/[\\/]/);
  if (parts.length === 1) return ENTRY;
  if ((parts[0] === "features" || parts[0] === "entities") && parts.length > 2)
    return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

/** Where a room sits in LAYERS (0 is the top); undefined for a folder nobody placed. */
export function layerOf(room: string): number | undefined {
  const index = LAYERS.findIndex((layer) =>
    layer.some((name) => name === room || (name.endsWith("/*") && room.startsWith(name.slice(0, -1)))),
  );
  return index === -1 ? undefined : index;
}

/**
 * The code with comments dropped and every string literal swapped for its number in
 * `strings`: an import named in a comment or inside a string is not one.
 */
function tokens(source: string): { code: string; strings: string[] } {
  const strings: string[] = [];
  let code = "";
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i++;
      code += "\n";
    } else if (char === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      i = end === -1 ? source.length : end + 1;
      code += " ";
    } else if (char === '"' || char === "'" || char === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== char) j += source[j] === "\\" ? 2 : 1;
      code += `"${strings.length}"`;
      strings.push(source.slice(i + 1, j));
      i = j;
    } else {
      code += char;
    }
  }
  return { code, strings };
}

const IMPORT =
  /(?:^|[^\w.$])(?:import|export)\s*(?:type\s+)?(?:[\w*${}\s,]+?\s*from\s*)?"(\d+)"|\bimport\s*\(\s*"(\d+)"\s*\)/g;

/** The relative module names a source file imports: static, re-exported, dynamic, side effect. */
export function importsOf(source: string): string[] {
  const { code, strings } = tokens(source);
  return [...code.matchAll(IMPORT)]
    .map((match) => strings[Number(match[1] ?? match[2])])
    .filter((name) => name.startsWith("."));
}

function resolveImport(fromFile: string, name: string): string {
  const base = resolve(dirname(fromFile), name);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? base;
}

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

/** Every relative import under `srcDir`, as paths relative to it (with `/`). */
export function importGraph(srcDir: string): Edge[] {
  const root = resolve(srcDir);
  const name = (path: string) => relative(root, path).split(sep).join("/");
  return codeFiles(root).flatMap((file) =>
    importsOf(readFileSync(file, "utf8")).map((spec) => ({
      from: name(file),
      to: name(resolveImport(file, spec)),
    })),
  );
}

/** Strongly connected rooms (Tarjan): each group of two or more imports itself round. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (room: string) => {
    index.set(room, counter);
    low.set(room, counter++);
    stack.push(room);
    for (const next of graph.get(room) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(room, Math.min(low.get(room)!, index.get(next)!));
      }
    }
    if (low.get(room) === index.get(room)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        group.push(member);
      } while (member !== room);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const room of [...graph.keys()].sort()) if (!index.has(room)) visit(room);
  return found;
}

/** What breaks the arrows, one line each; empty when the graph keeps them. */
export function roomProblems(edges: readonly Edge[]): string[] {
  const problems: string[] = [];
  const graph = new Map<string, Set<string>>();
  const example = new Map<string, Edge>();
  for (const edge of edges) {
    const from = roomOf(edge.from);
    const to = roomOf(edge.to);
    if (from === to || from === ENTRY) continue;
    const line = `${edge.from} imports ${edge.to}`;
    if (to === "app") problems.push(`${line}: nothing outside app/ imports app/`);
    const [fromLayer, toLayer] = [layerOf(from), layerOf(to)];
    if (fromLayer === undefined || toLayer === undefined) {
      problems.push(
        `${line}: place ${fromLayer === undefined ? from : to} in LAYERS (client/test/import-rooms.ts)`,
      );
    } else if (toLayer < fromLayer && to !== "app") {
      problems.push(`${line}: ${from} sits below ${to}`);
    }
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
    example.set(`${from} ${to}`, edge);
  }
  for (const group of cycles(graph)) {
    const through = [...example]
      .filter(([key]) => key.split(" ").every((room) => group.includes(room)))
      .map(([, edge]) => `${edge.from} -> ${edge.to}`)
      .join("; ");
    problems.push(`a cycle between ${group.join(", ")}: ${through}`);
  }
  return problems;
}
