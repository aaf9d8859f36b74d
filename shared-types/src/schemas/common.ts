import { z } from "zod";

export const ZId = z.uuid({ message: "Invalid id" });
export const ZCompanyId = z.uuid({ message: "Company id is required" });

/** A plain calendar date: no time zone can move it. */
export const ZDate = z
  .string({ message: "Date is required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Date must be yyyy-MM-dd" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    message: "Date must be yyyy-MM-dd",
  });

/** A plain wall-clock time HH:mm. */
export const ZTime = z
  .string({ message: "Time is required" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Time must be HH:mm" });

export const ZEmail = z.email({ message: "Invalid email address" });
