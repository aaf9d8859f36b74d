/**
 * Which company a request is about. One place reads it, in this order (docs/api.md):
 *   1. the path (`/companies/:companyId/...`),
 *   2. the query string (`?companyId=`),
 *   3. the JSON body (`{companyId}`),
 *   4. the `X-Company-Id` header the client sends for the selected company.
 * The first one given must be a company id (a UUID): anything else answers 400
 * "Company id is required", as a body or query company id does, so a malformed id never
 * reaches the database (docs/api.md).
 */
import { parseOrThrow } from "@sched/core/validation";
import { COMPANY_HEADER, ZCompanyId } from "@sched/shared-types";
import type { Request } from "express";
import { z } from "zod";

/** Read as a field named companyId, so its messages name it whichever part of the request carried it. */
const ZCompanyIdField = z.object({ companyId: ZCompanyId });

export function companyIdOf(req: Request): string | undefined {
  const body: unknown = req.body;
  const given: unknown =
    req.params.companyId ??
    req.query.companyId ??
    (body && typeof body === "object" && "companyId" in body ? body.companyId : undefined) ??
    req.get(COMPANY_HEADER);
  if (given === undefined || given === "") return undefined;
  return parseOrThrow(ZCompanyIdField, { companyId: given }).companyId;
}
