/**
 * Refuses JSON bodies nested deeper than any request of the API needs, right after parsing and
 * before any route runs: code that walks a body recursively (the Idempotency-Key fingerprint,
 * validation) would otherwise overflow the stack on a body nested thousands deep and answer 500.
 * The walk here keeps its own stack, so it cannot overflow.
 */
import { BadRequest } from "@sched/core/errors";
import type { RequestHandler } from "express";

/** The deepest body the API accepts; its own bodies are a few levels deep (an import's rows are 3). */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`;

/** How deep `value` nests, counting an object or array as one level, or MAX_JSON_DEPTH + 1 once past it. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const item = pending.pop() as { value: unknown; depth: number };
    if (item.value === null || typeof item.value !== "object") continue;
    const depth = item.depth + 1;
    if (depth > MAX_JSON_DEPTH) return depth;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(item.value)) pending.push({ value: child, depth });
  }
  return deepest;
}

export const refuseDeepJson: RequestHandler = (req, _res, next) => {
  next(depthOf(req.body) > MAX_JSON_DEPTH ? new BadRequest(TOO_DEEP_MESSAGE) : undefined);
};
