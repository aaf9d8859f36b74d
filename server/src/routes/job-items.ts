/**
 * The items of a job (docs/money.md): what the technician adds on site from My Day. The
 * job's progress rule decides (a technician: their own jobs); a create honours
 * Idempotency-Key, so the offline outbox's replay adds the item once. And where the job's
 * invoice stands, for who may take a payment on it at the door.
 */
import { addJobItem, deleteJobItem, listJobItems } from "@sched/core/commands/job-items";
import { JOB_NOT_FOUND } from "@sched/core/commands/save-job";
import { jobs } from "@sched/core/db/schema";
import { loadScoped } from "@sched/core/db/scoped";
import { assertTakesPaymentForJob } from "@sched/core/policies/payment-access";
import { jobInvoice } from "@sched/core/queries/invoices";
import { ZIdParams, ZJobInvoice, ZJobItem, ZJobItemCreate, ZJobItemParams } from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";

export const jobItemsRouter = Router();

jobItemsRouter.get(
  "/:id/items",
  route({ access: "user", params: ZIdParams, response: z.array(ZJobItem) }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "progressJobs", JOB_NOT_FOUND);
    return listJobItems(member, row);
  }),
);

jobItemsRouter.post(
  "/:id/items",
  route(
    {
      access: "user",
      params: ZIdParams,
      body: ZJobItemCreate,
      idempotent: true,
      status: 201,
      response: ZJobItem,
    },
    async ({ userId, params, body }) => {
      const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "progressJobs", JOB_NOT_FOUND);
      return addJobItem(member, row, body);
    },
  ),
);

jobItemsRouter.delete(
  "/:id/items/:itemId",
  route({ access: "user", params: ZJobItemParams, status: 204 }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "progressJobs", JOB_NOT_FOUND);
    await deleteJobItem(member, row, params.itemId);
  }),
);

jobItemsRouter.get(
  "/:id/invoice",
  route({ access: "user", params: ZIdParams, response: ZJobInvoice }, async ({ userId, params }) => {
    const { row, member } = await loadScoped(jobs, params.id, userId, JOB_NOT_FOUND);
    await assertTakesPaymentForJob(member, row);
    return jobInvoice(row.id);
  }),
);
