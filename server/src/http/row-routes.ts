/**
 * PUT and DELETE of a company row by id, the shape several resources share (call records,
 * customers): the row's access check for the managing action (404 outside the caller's companies),
 * then the resource's command with the version the caller read.
 */
import type { ScopedTable } from "@sched/core/db/scoped";
import type { Action } from "@sched/core/policies/authorize";
import type { CompanyAccess } from "@sched/core/policies/company-access";
import { ZIdParams } from "@sched/shared-types";
import type { Router } from "express";
import type { z } from "zod";
import { loadAuthorizedRow, route } from "./route";
import { expectedVersion } from "./versions";

type RowChange<B extends z.ZodType<{ version?: number }>, R extends z.ZodType> = {
  table: ScopedTable;
  action: Action;
  notFound: string;
  body: B;
  /** What the update answers (shared-types/src/schemas). */
  response: R;
  update: (
    member: CompanyAccess,
    id: string,
    body: z.infer<B>,
    version: number | undefined,
  ) => Promise<z.infer<R>>;
  remove: (member: CompanyAccess, id: string) => Promise<void>;
};

export function rowChangeRoutes<B extends z.ZodType<{ version?: number }>, R extends z.ZodType>(
  router: Router,
  { table, action, notFound, body, response, update, remove }: RowChange<B, R>,
): void {
  router.put(
    "/:id",
    // The handler's answer was checked against `response` where the resource was described.
    route(
      { access: "user", params: ZIdParams, body, response: response as z.ZodType },
      async ({ userId, params, body, req }) => {
        const { member } = await loadAuthorizedRow(table, params.id, userId, action, notFound);
        const input = body as z.infer<B>;
        return update(member, params.id, input, expectedVersion(req, input.version));
      },
    ),
  );
  router.delete(
    "/:id",
    route({ access: "user", params: ZIdParams, status: 204 }, async ({ userId, params }) => {
      const { member } = await loadAuthorizedRow(table, params.id, userId, action, notFound);
      await remove(member, params.id);
    }),
  );
}
