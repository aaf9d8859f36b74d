/**
 * Parsing input with a shared zod schema: the first issue's message is the answer's
 * message, so the words people see ("Initials must be 3 characters or less") come from
 * the schema, and every issue is listed in `errors`.
 *
 * Before any schema, a NUL character anywhere in the input (a value or a field name) is
 * refused with a 400 naming the field: PostgreSQL's text cannot hold it, and checking it
 * here, where every body, query and path is parsed, means no route can forget it
 * (docs/api.md).
 */
import type { FieldError } from "@sched/shared-types";
import type { z } from "zod";
import { BadRequest } from "./errors";

const NUL = "\u0000";
/** Enough to point at the problem without echoing a whole hostile body back. */
const NUL_ISSUES_MAX = 10;

/** "customerName" -> "Customer name", "companyId" -> "Company id"; a bare value is "Value". */
export function fieldLabel(path: readonly (string | number)[]): string {
  const key = [...path].reverse().find((segment): segment is string => typeof segment === "string");
  if (!key) return "Value";
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An array or object being walked; `parent` and `key` give its path without copying it at every level. */
type Frame = (
  | { kind: "array"; items: readonly unknown[] }
  | { kind: "object"; items: [string, unknown][] }
) & {
  next: number;
  parent: Frame | undefined;
  key: string | number | undefined;
};

function pathOf(frame: Frame | undefined, key?: string | number): (string | number)[] {
  const path: (string | number)[] = key === undefined ? [] : [key];
  for (let at = frame; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

function issueAt(path: (string | number)[], message: string): FieldError {
  return { path: path.join("."), message };
}

/**
 * The NUL characters in `value`, as issues naming their field, in the order the input was
 * written. Walks with its own stack and keeps no copy of the input's paths: a wide or
 * deeply nested body costs its size in time and its depth in memory, and cannot overflow
 * the call stack.
 */
export function nulIssues(value: unknown): FieldError[] {
  const issues: FieldError[] = [];
  const stack: Frame[] = [];
  const visit = (item: unknown, parent: Frame | undefined, key: string | number | undefined) => {
    if (typeof item === "string") {
      if (!item.includes(NUL)) return;
      const path = pathOf(parent, key);
      issues.push(issueAt(path, `${fieldLabel(path)} must not contain a NUL character`));
    } else if (Array.isArray(item)) {
      stack.push({ kind: "array", items: item, next: 0, parent, key });
    } else if (item !== null && typeof item === "object") {
      stack.push({ kind: "object", items: Object.entries(item), next: 0, parent, key });
    }
  };
  visit(value, undefined, undefined);
  while (stack.length > 0 && issues.length < NUL_ISSUES_MAX) {
    const frame = stack[stack.length - 1];
    if (frame.next >= frame.items.length) {
      stack.pop();
      continue;
    }
    const index = frame.next++;
    if (frame.kind === "array") {
      visit(frame.items[index], frame, index);
      continue;
    }
    const [key, item] = frame.items[index];
    if (key.includes(NUL))
      issues.push(issueAt(pathOf(frame), "Field names must not contain a NUL character"));
    else visit(item, frame, key);
  }
  return issues;
}

/** Throws 400 naming the first field that holds a NUL, for input read without parseOrThrow. */
export function refuseNul(value: unknown): void {
  const issues = nulIssues(value);
  if (issues.length > 0) throw new BadRequest(issues[0].message, issues);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  refuseNul(value);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  throw new BadRequest(errors[0]?.message ?? "Invalid request", errors);
}
