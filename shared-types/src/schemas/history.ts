import { z } from "zod";
import { ZCompanyId, ZDateText, ZMomentText, ZRowId } from "./common";
import { ZVersion } from "./versions";

export const WEEK_NAME_MAX = 100;

/** Renaming a week in the history (PUT /api/weekly-schedules/:id), from the version the client last saw. */
export const ZWeeklyScheduleUpdate = z.object({
  name: z
    .string({ message: "Name is required" })
    .trim()
    .min(1, { message: "Name is required" })
    .max(WEEK_NAME_MAX, { message: `Name must be ${WEEK_NAME_MAX} characters or less` }),
  companyId: ZCompanyId.optional(),
  version: ZVersion.optional(),
});

/** A week of the history as the API answers it. */
export const ZWeeklySchedule = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    weekStartDate: ZDateText,
    weekEndDate: ZDateText,
    name: z.string(),
    isArchived: z.boolean(),
    createdAt: ZMomentText,
    version: z.int(),
  })
  .meta({ id: "WeeklySchedule" });
export type WeeklyScheduleDTO = z.infer<typeof ZWeeklySchedule>;
