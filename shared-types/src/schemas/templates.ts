import { z } from "zod";
import { ZCompanyId, ZDate } from "./common";

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_DESCRIPTION_MAX = 500;

export const ZTemplateName = z
  .string({ message: "Template name is required" })
  .trim()
  .min(1, { message: "Template name is required" })
  .max(TEMPLATE_NAME_MAX, { message: `Template name must be ${TEMPLATE_NAME_MAX} characters or less` });

export const ZTemplateDescription = z
  .string()
  .trim()
  .max(TEMPLATE_DESCRIPTION_MAX, {
    message: `Description must be ${TEMPLATE_DESCRIPTION_MAX} characters or less`,
  })
  .nullish()
  .transform((value) => value || null);

/**
 * Saving a template captures the jobs of the week starting `weekStart` (the client
 * sends the week on screen; docs/roster-templates-history.md). A templateData sent by
 * an older client is ignored: what a template holds always comes from real jobs.
 */
export const ZTemplateCreate = z.object({
  name: ZTemplateName,
  description: ZTemplateDescription,
  companyId: ZCompanyId.optional(),
  weekStart: ZDate,
});
export type TTemplateCreate = z.infer<typeof ZTemplateCreate>;

/** `force` applies again a template already applied to that week (it would duplicate the jobs). */
export const ZTemplateApply = z.object({
  companyId: ZCompanyId.optional(),
  weekStart: ZDate,
  force: z.boolean().optional().default(false),
});
export type TTemplateApply = z.infer<typeof ZTemplateApply>;
