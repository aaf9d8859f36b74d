/** The arrival window a job promises its customer, and "any time that day" (docs/schedule.md). */
import { z } from "zod";

export const ARRIVAL_WINDOW_MESSAGES = {
  start: "Arrival window start must be HH:mm",
  end: "Arrival window end must be HH:mm",
  order: "Arrival window must end after it starts",
  shape: "Arrival window must have a start and an end",
} as const;

/**
 * The window promised to the customer (docs/schedule.md, "Optimize a day"): "HH:mm" to
 * "HH:mm", the start before the end; null: none, the job keeps its time.
 */
export const ZArrivalWindow = z
  .object(
    {
      start: z
        .string({ message: ARRIVAL_WINDOW_MESSAGES.start })
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: ARRIVAL_WINDOW_MESSAGES.start }),
      end: z
        .string({ message: ARRIVAL_WINDOW_MESSAGES.end })
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: ARRIVAL_WINDOW_MESSAGES.end }),
    },
    { message: ARRIVAL_WINDOW_MESSAGES.shape },
  )
  .refine((window) => window.start < window.end, { message: ARRIVAL_WINDOW_MESSAGES.order, path: ["end"] });
export type ArrivalWindow = z.infer<typeof ZArrivalWindow>;
export const FLEXIBLE_MESSAGE = "Any time must be true or false";
