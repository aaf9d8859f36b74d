import { ZTemplateApply, ZTemplateCreate } from "@sched/shared-types";
import { desc, eq } from "drizzle-orm";
import { Router } from "express";
import { authorize, memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { applyTemplateToWeek } from "../commands/apply-template";
import { captureTemplate } from "../commands/capture-template";
import { db } from "../db/client";
import { scheduleTemplates } from "../db/schema";
import { loadScoped } from "../db/scoped";
import { NotFound } from "../errors";
import { validate } from "../middleware/validate";
import { presentTemplate } from "../presenters/templates";
import { publish } from "../realtime/publish";

export const templatesRouter = Router();

export const TEMPLATE_NOT_FOUND = "Template not found";

templatesRouter.get("/", requireUser, requireCompany("read"), async (req, res) => {
  const rows = await db
    .select()
    .from(scheduleTemplates)
    .where(eq(scheduleTemplates.companyId, memberOf(req).companyId))
    .orderBy(desc(scheduleTemplates.createdAt));
  res.json(rows.map(presentTemplate));
});

templatesRouter.post(
  "/",
  requireUser,
  validate(ZTemplateCreate),
  requireCompany("manageTemplates"),
  async (req, res) => {
    const { companyId } = memberOf(req);
    const { name, description, weekStart } = req.body;
    const template = await captureTemplate({ companyId, name, description, weekStart });
    publish(companyId, "template.created", template);
    res.status(201).json(template);
  },
);

templatesRouter.delete("/:id", requireUser, async (req, res) => {
  const { row, member } = await loadScoped(
    scheduleTemplates,
    req.params.id as string,
    req.userId!,
    TEMPLATE_NOT_FOUND,
  );
  authorize(member, "manageTemplates");
  await db.delete(scheduleTemplates).where(eq(scheduleTemplates.id, row.id));
  publish(member.companyId, "template.deleted", { id: row.id, companyId: member.companyId });
  res.status(204).end();
});

/**
 * One template.applied event (the client refetches jobs and history on it) rather than
 * a job.created per job: a template can hold dozens of jobs.
 */
templatesRouter.post("/:id/apply", requireUser, validate(ZTemplateApply), async (req, res) => {
  const { row, member } = await loadScoped(
    scheduleTemplates,
    req.params.id as string,
    req.userId!,
    TEMPLATE_NOT_FOUND,
  );
  // A company id that is not the template's means the id was not found in that company.
  if (req.body.companyId && req.body.companyId !== row.companyId) throw new NotFound(TEMPLATE_NOT_FOUND);
  authorize(member, "manageJobs");
  const result = await applyTemplateToWeek(row, req.body.weekStart, req.body.force);
  if (result.createdWeek) publish(member.companyId, "weeklySchedule.created", result.createdWeek);
  publish(member.companyId, "template.applied", {
    companyId: member.companyId,
    templateId: row.id,
    weekStart: result.weekStart,
    created: result.created,
    skipped: result.skipped,
  });
  res.json({ created: result.created, skipped: result.skipped });
});
