/**
 * A new company's first steps (docs/schedule.md): what the owner has done so far, taken
 * from the company's own data. Opening the phone view is remembered by the browser.
 */
import { z } from "zod";

export const ZFirstRunProgress = z
  .object({
    hasEmployee: z.boolean().describe("At least one roster employee"),
    hasJob: z.boolean(),
    hasInvitedMember: z.boolean().describe("An invitation sent, or a second member"),
  })
  .meta({ id: "FirstRunProgress" });
export type FirstRunProgressDTO = z.infer<typeof ZFirstRunProgress>;
