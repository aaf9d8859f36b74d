import { applyTemplate } from "@sched/core/commands/apply-template";
import { captureTemplate } from "@sched/core/commands/capture-template";
import { deleteTemplate } from "@sched/core/commands/delete-template";
import { scheduleTemplates } from "@sched/core/db/schema";
import { loadScoped } from "@sched/core/db/scoped";
import { NotFound } from "@sched/core/errors";
import { authorize } from "@sched/core/policies/authorize";
import { listTemplates } from "@sched/core/queries/templates";
import {
  ZApplyTemplateResult,
  ZIdParams,
  ZTemplate,
  ZTemplateApply,
  ZTemplateCreate,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";

export const templatesRouter = Router();

export const TEMPLATE_NOT_FOUND = "Template not found";

templatesRouter.get(
  "/",
  route({ access: { company: "read" }, response: z.array(ZTemplate) }, ({ member }) =>
    listTemplates(member.companyId),
  ),
);

templatesRouter.post(
  "/",
  route(
    {
      access: { company: "manageTemplates" },
      body: ZTemplateCreate,
      idempotent: true,
      status: 201,
      response: ZTemplate,
    },
    ({ member, body }) => captureTemplate(member, body),
  ),
);

templatesRouter.delete(
  "/:id",
  route({ access: "user", params: ZIdParams, status: 204 }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(
      scheduleTemplates,
      params.id,
      userId,
      "manageTemplates",
      TEMPLATE_NOT_FOUND,
    );
    await deleteTemplate(member, row);
  }),
);

templatesRouter.post(
  "/:id/apply",
  route(
    {
      access: "user",
      params: ZIdParams,
      body: ZTemplateApply,
      idempotent: true,
      response: ZApplyTemplateResult,
    },
    async ({ userId, params, body }) => {
      const { row, member } = await loadScoped(scheduleTemplates, params.id, userId, TEMPLATE_NOT_FOUND);
      // A company id that is not the template's means the id was not found in that company.
      if (body.companyId && body.companyId !== row.companyId) throw new NotFound(TEMPLATE_NOT_FOUND);
      authorize(member, "manageJobs", row);
      return applyTemplate(member, row, body);
    },
  ),
);
