import { z } from "zod";
import { JOB_TYPES } from "../constants";
import { ZCompanyId, ZDate, ZMomentText, ZRowId, ZTime } from "./common";

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

/** One job of a week template. */
export const ZTemplateEntry = z
  .object({
    employeeId: ZRowId,
    dayOfWeek: z.int().describe("0 = Monday ... 6 = Sunday"),
    time: ZTime,
    type: z.enum(JOB_TYPES),
    location: z.string(),
    description: z.string().nullable(),
    amount: z.string().nullable(),
    requiredSkills: z
      .array(z.string())
      .describe("The company skills the job needs; [] in a template saved before skills existed"),
  })
  .meta({ id: "TemplateEntry" });
export type TemplateEntryDTO = z.infer<typeof ZTemplateEntry>;

/** A week template as the API answers it. */
export const ZTemplate = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    name: z.string(),
    description: z.string().nullable(),
    templateData: z.array(ZTemplateEntry),
    createdAt: ZMomentText,
    version: z.int(),
  })
  .meta({ id: "Template" });
export type TemplateDTO = z.infer<typeof ZTemplate>;

/** What applying a template to a week did. */
export const ZApplyTemplateResult = z
  .object({ created: z.int(), skipped: z.int() })
  .meta({ id: "ApplyTemplateResult" });
export type ApplyTemplateResultDTO = z.infer<typeof ZApplyTemplateResult>;
