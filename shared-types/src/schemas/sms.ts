/**
 * Twilio's webhook for a reply to the company's texts (POST /api/sms/inbound,
 * docs/customers.md, "Text messages"): a form with many fields, of which these are read.
 */
import { z } from "zod";

export const ZSmsInbound = z
  .looseObject({
    From: z.string({ message: "From is required" }).min(1, { message: "From is required" }),
    Body: z.string({ message: "Body must be text" }).default(""),
  })
  .meta({ id: "SmsInbound" });
