import { z } from "zod";
import { CALL_NOTES_MAX, SERVICE_TYPES, type ServiceType } from "../constants";
import { calendarDate, canonicalId, ZCompanyId, ZDateText, ZMomentText, ZRowId } from "./common";
import { JOB_LOCATION_MAX } from "./jobs";
import { ZVersion } from "./versions";

/** Limits of the call form's free-text fields (docs/call-log.md): they fit any real value. */
export const CUSTOMER_NAME_MAX = 200;
/** An address becomes a job's location when a job is booked from the call, so it must fit one. */
export const CUSTOMER_ADDRESS_MAX = JOB_LOCATION_MAX;
export const CUSTOMER_EMAIL_MAX = 254;
export const CUSTOMER_PHONE_MIN = 7;
export const CUSTOMER_PHONE_MAX = 20;

/** Phone numbers as people write them: digits, spaces and + - ( ) . only. */
const PHONE_PATTERN = /^[0-9 +\-().]+$/;
const PHONE_MESSAGE = `Customer phone must be ${CUSTOMER_PHONE_MIN} to ${CUSTOMER_PHONE_MAX} characters: digits, spaces and + - ( ) .`;

// Optional fields sent empty are stored as null, so "" and "   " mean "not given" (docs/call-log.md).
const emptyToNull = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, { message: `${label} must be ${max} characters or less` });

const optionalText = (label: string, max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, { message: `${label} must be ${max} characters or less` })
      .nullable(),
  );

export const ZCustomerPhone = z
  .string({ message: "Customer phone is required" })
  .trim()
  .min(1, { message: "Customer phone is required", abort: true })
  .min(CUSTOMER_PHONE_MIN, { message: PHONE_MESSAGE })
  .max(CUSTOMER_PHONE_MAX, { message: PHONE_MESSAGE })
  .regex(PHONE_PATTERN, { message: PHONE_MESSAGE });

/**
 * The rule after the form's: a call's phone must be a phone number in the company's country,
 * as a customer's must (docs/customers.md), since a booking makes a customer of it.
 */
export const CALL_PHONE_NOT_A_NUMBER = "Customer phone is not a phone number in the company's country";

export const ZCustomerEmail = z.preprocess(
  emptyToNull,
  z
    .string({ message: "Customer email must be a valid email address" })
    .trim()
    .max(CUSTOMER_EMAIL_MAX, { message: "Customer email must be a valid email address" })
    .pipe(z.email({ message: "Customer email must be a valid email address" }))
    .nullable(),
);

export const ZCallRecordFields = z.object({
  customerName: requiredText("Customer name", CUSTOMER_NAME_MAX),
  customerPhone: ZCustomerPhone,
  customerEmail: ZCustomerEmail,
  customerAddress: optionalText("Customer address", CUSTOMER_ADDRESS_MAX),
  /** The customer who called; left out, the customer with the same phone, if any (docs/customers.md). */
  customerId: z
    .union([canonicalId({ message: "Customer is not valid" }), z.literal("")])
    .nullable()
    .transform((value) => value || null)
    // Left out of an edit, the link stays as it is.
    .optional(),
  serviceType: z
    .enum(SERVICE_TYPES, { message: `Service type must be ${SERVICE_TYPES.join(" or ")}` })
    .default("service"),
  notes: optionalText("Notes", CALL_NOTES_MAX),
  callDate: calendarDate("Call date"),
  callTime: z
    .string({ message: "Call time is required" })
    .min(1, { message: "Call time is required", abort: true })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Call time must be HH:mm" }),
});

/** POST /api/call-records */
export const ZCallRecordCreate = ZCallRecordFields.extend({ companyId: ZCompanyId.optional() });
export type TCallRecordCreate = z.infer<typeof ZCallRecordCreate>;
/** What a client may send: optional fields may be left out, empty or null (stored as null). */
export type TCallRecordInput = {
  customerName: string;
  customerPhone: string;
  customerEmail?: string | null;
  customerAddress?: string | null;
  customerId?: string | null;
  serviceType?: ServiceType;
  notes?: string | null;
  callDate: string;
  callTime: string;
  companyId?: string;
};

/**
 * PUT /api/call-records/:id takes the same body as POST: the whole record (docs/call-log.md),
 * and the version the client last saw.
 */
export const ZCallRecordUpdate = ZCallRecordCreate.extend({ version: ZVersion.optional() });
export type TCallRecordUpdate = z.infer<typeof ZCallRecordUpdate>;

/** `?date=` of the day's list and the day's notes; absent means today (the server's UTC date). */
export const ZCallDayQuery = z.object({
  date: calendarDate("Date").optional(),
  companyId: ZCompanyId.optional(),
});
export type TCallDayQuery = z.infer<typeof ZCallDayQuery>;

/** PUT /api/daily-calls?date= : the day's notes; empty clears them. */
export const ZDailyCallUpdate = z.object({
  notes: optionalText("Notes", CALL_NOTES_MAX),
  companyId: ZCompanyId.optional(),
});
export type TDailyCallUpdate = z.infer<typeof ZDailyCallUpdate>;

/** A day's call count and notes; `id` and the times are null for a day never saved. */
export const ZDailyCall = z
  .object({
    id: ZRowId.nullable(),
    companyId: ZRowId,
    date: ZDateText,
    callCount: z.int(),
    notes: z.string().nullable(),
    createdAt: ZMomentText.nullable(),
    updatedAt: ZMomentText.nullable(),
  })
  .meta({ id: "DailyCall" });
export type DailyCallDTO = z.infer<typeof ZDailyCall>;

/** A logged call as the API answers it. */
export const ZCallRecord = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    customerName: z.string(),
    customerPhone: z.string(),
    customerEmail: z.string().nullable(),
    customerAddress: z.string().nullable(),
    customerId: ZRowId.nullable().describe(
      "The customer who called (docs/customers.md); null when none is linked",
    ),
    serviceType: z.enum(SERVICE_TYPES),
    notes: z.string().nullable(),
    callDate: ZDateText,
    callTime: z.string(),
    bookedJobIds: z.array(ZRowId).describe("Jobs booked from this call"),
    createdAt: ZMomentText,
    updatedAt: ZMomentText,
    version: z.int(),
  })
  .meta({ id: "CallRecord" });
export type CallRecordDTO = z.infer<typeof ZCallRecord>;
