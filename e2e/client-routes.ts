/**
 * The client's routes, read at run time from the route table in client/src/app/router.tsx
 * (its `routes` array, scanned as text, not imported: the screens it names need a browser).
 * A screen added there is a route every spec that walks all screens must visit.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROUTER_FILE = fileURLToPath(new URL("../client/src/app/router.tsx", import.meta.url));

/** One `{ ... }` of the table: a route object, or a brace inside one (a JSX prop), which names no path. */
type RouteNode = { path?: string; index?: boolean; children: RouteNode[] };

/**
 * What the scanner stops at: a route's path, an index route, comments and strings (skipped,
 * so the braces and quotes in them count for nothing), and the brackets that nest routes.
 */
const TOKENS =
  /\bpath\s*:\s*"([^"]*)"|\b(index)\s*:\s*true\b|\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`|([{}[\]])/g;

/** The table as a tree of braces, from the `[` after `const routes` to its closing `]`. */
function scanTable(text: string): RouteNode {
  const start = /\bconst routes\b[^=]*=\s*\[/.exec(text);
  if (!start) throw new Error(`${ROUTER_FILE}: no \`const routes = [...]\` route table`);
  const root: RouteNode = { children: [] };
  const open: RouteNode[] = [root];
  let brackets = 1;
  TOKENS.lastIndex = start.index + start[0].length;
  for (let match = TOKENS.exec(text); match; match = TOKENS.exec(text)) {
    const [, path, index, bracket] = match;
    const current = open[open.length - 1];
    if (path !== undefined) current.path = path;
    else if (index) current.index = true;
    else if (bracket === "{") {
      const node: RouteNode = { children: [] };
      current.children.push(node);
      open.push(node);
    } else if (bracket === "}") open.pop();
    else if (bracket === "[") brackets += 1;
    else if (bracket === "]") {
      brackets -= 1;
      if (brackets === 0) return root;
    }
  }
  throw new Error(`${ROUTER_FILE}: the route table does not end`);
}

/** A child's full path: "*" stays itself, "invite/:token" under "/" is "/invite/:token". */
function joined(parent: string, path: string): string {
  if (path === "*" || path.startsWith("/")) return path;
  return `${parent === "/" ? "" : parent}/${path}`;
}

function collect(node: RouteNode, parent: string, into: Set<string>) {
  const full = node.path === undefined ? parent : joined(parent, node.path);
  if (node.path !== undefined || node.index) into.add(full);
  for (const child of node.children) collect(child, full, into);
}

/** The client's route patterns, sorted: "/", "/customers/:customerId", "*" and the rest. */
export function clientRoutes(): string[] {
  const found = new Set<string>();
  collect(scanTable(readFileSync(ROUTER_FILE, "utf8")), "/", found);
  if (found.size === 0) throw new Error(`${ROUTER_FILE}: the route table names no path`);
  return [...found].sort();
}
