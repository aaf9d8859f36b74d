/** The bell's entries as the API answers them (docs/realtime.md). */
import { z } from "zod";
import { NOTIFICATION_KINDS } from "../constants";
import { ZMomentText, ZRowId } from "./common";
import { ZTimeOff } from "./time-off";

/** The time off request a notification is about, as it is now. */
export const ZNotificationTimeOff = ZTimeOff.pick({
  id: true,
  employeeId: true,
  kind: true,
  startDate: true,
  endDate: true,
  status: true,
}).meta({ id: "NotificationTimeOff" });
export type NotificationTimeOff = z.infer<typeof ZNotificationTimeOff>;

/** One bell entry of the signed-in user: a sentence, and the job it is about. */
export const ZNotification = z
  .object({
    id: ZRowId,
    kind: z.enum(NOTIFICATION_KINDS),
    message: z.string(),
    jobId: ZRowId.nullable().describe(
      "The job it is about; null for other kinds, for a template's week, and once the job is deleted",
    ),
    timeOff: ZNotificationTimeOff.nullable().describe(
      'The time off request it is about, as it is now (the office\'s entry for a request offers "Re-plan the day" for a sick day); null for other kinds and once the request is deleted',
    ),
    createdAt: ZMomentText,
    read: z.boolean(),
  })
  .meta({ id: "Notification" });
export type NotificationDTO = z.infer<typeof ZNotification>;
