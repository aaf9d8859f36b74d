/**
 * The version a PUT was made from (docs/api.md): the body's
 * `version` or the `If-Match` header, written `"3"`, `3` or `W/"3"` (`*` names none). The command refuses a
 * save made from another version than the row's (409 stale); without either, a save goes
 * through as before.
 */
import { BadRequest } from "@sched/core/errors";
import type { Request } from "express";

export const IF_MATCH_MALFORMED = 'If-Match must be a version number, e.g. "3"';
export const VERSIONS_DISAGREE = "If-Match and version name different versions";

/** `3`, `"3"` or `W/"3"`: a positive whole number within the column's range. */
const IF_MATCH_PATTERN = /^(?:W\/"(\d{1,10})"|"(\d{1,10})"|(\d{1,10}))$/;
const MAX_VERSION = 2_147_483_647;

function parseIfMatch(header: string): number | undefined {
  // "*" asks for any current version: the same as naming none.
  if (header.trim() === "*") return undefined;
  const match = IF_MATCH_PATTERN.exec(header.trim());
  const version = Number(match?.[1] ?? match?.[2] ?? match?.[3]);
  if (!Number.isInteger(version) || version < 1 || version > MAX_VERSION) {
    throw new BadRequest(IF_MATCH_MALFORMED);
  }
  return version;
}

/** The version the client last saw, from the body or If-Match (400 when malformed or they disagree). */
export function expectedVersion(req: Request, bodyVersion: number | undefined): number | undefined {
  const ifMatch = req.get("If-Match");
  const fromHeader = ifMatch === undefined ? undefined : parseIfMatch(ifMatch);
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw new BadRequest(VERSIONS_DISAGREE);
  }
  return bodyVersion ?? fromHeader;
}
