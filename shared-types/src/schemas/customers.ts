/**
 * Customers (docs/customers.md): a company's people and places, with their jobs and calls.
 * The messages name the field as the customer form labels it.
 */
import { z } from "zod";
import { ZCallRecord } from "./call-records";
import { ZCompanyId, ZMomentText, ZRowId } from "./common";
import { JOB_LOCATION_MAX, ZJob } from "./jobs";
import { ZPlace } from "./places";
import { ZVersion } from "./versions";

export const CUSTOMER_FIELD_NAME_MAX = 200;
export const CUSTOMER_FIELD_PHONE_MIN = 7;
export const CUSTOMER_FIELD_PHONE_MAX = 20;
export const CUSTOMER_FIELD_EMAIL_MAX = 254;
/** The address becomes a job's location when the customer is picked, so it must fit one. */
export const CUSTOMER_FIELD_ADDRESS_MAX = JOB_LOCATION_MAX;
export const CUSTOMER_FIELD_NOTES_MAX = 2000;
/** Search answers at most this many customers; the search box narrows, it does not page. */
export const CUSTOMER_SEARCH_LIMIT_MAX = 100;
export const CUSTOMER_SEARCH_LIMIT_DEFAULT = 50;
/** One import: a spreadsheet of a small company's whole customer list, and then some. */
export const CUSTOMER_IMPORT_MAX_ROWS = 10_000;
export const CUSTOMER_IMPORT_MAX_CHARS = 5_000_000;

export const CUSTOMER_NAME_REQUIRED = "Name is required";
export const CUSTOMER_PHONE_INVALID = `Phone must be ${CUSTOMER_FIELD_PHONE_MIN} to ${CUSTOMER_FIELD_PHONE_MAX} characters: digits, spaces and + - ( ) .`;
/** The phone passed the pattern but is no number in the company's country (docs/customers.md). */
export const CUSTOMER_PHONE_NOT_A_NUMBER = "Phone is not a phone number in the company's country";
export const CUSTOMER_EMAIL_INVALID = "Email must be a valid email address";
export const CUSTOMER_NOT_FOUND = "Customer not found";
export const CUSTOMER_PHONE_TAKEN = "A customer with this phone number already exists";
export const CUSTOMER_IMPORT_CSV_REQUIRED = "CSV is required";
export const CUSTOMER_IMPORT_TOO_MANY_ROWS = `An import takes at most ${CUSTOMER_IMPORT_MAX_ROWS} rows`;
export const CUSTOMER_IMPORT_NO_NAME_COLUMN = "The first row must name the columns, one of them Name";

// Optional fields sent empty are stored as null: "" and "   " mean "not given".
const emptyToNull = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.trim() === "") ? null : value;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, { message: `${label} must be ${max} characters or less` })
      .nullable(),
  );

export const ZCustomerFields = z.object({
  name: z
    .string({ message: CUSTOMER_NAME_REQUIRED })
    .trim()
    .min(1, { message: CUSTOMER_NAME_REQUIRED, abort: true })
    .max(CUSTOMER_FIELD_NAME_MAX, { message: `Name must be ${CUSTOMER_FIELD_NAME_MAX} characters or less` }),
  phone: z.preprocess(
    emptyToNull,
    z
      .string({ message: CUSTOMER_PHONE_INVALID })
      .trim()
      .min(CUSTOMER_FIELD_PHONE_MIN, { message: CUSTOMER_PHONE_INVALID })
      .max(CUSTOMER_FIELD_PHONE_MAX, { message: CUSTOMER_PHONE_INVALID })
      .regex(/^[0-9 +\-().]+$/, { message: CUSTOMER_PHONE_INVALID })
      .nullable(),
  ),
  email: z.preprocess(
    emptyToNull,
    z
      .string({ message: CUSTOMER_EMAIL_INVALID })
      .trim()
      .max(CUSTOMER_FIELD_EMAIL_MAX, { message: CUSTOMER_EMAIL_INVALID })
      .pipe(z.email({ message: CUSTOMER_EMAIL_INVALID }))
      .nullable(),
  ),
  address: optionalText("Address", CUSTOMER_FIELD_ADDRESS_MAX),
  notes: optionalText("Notes", CUSTOMER_FIELD_NOTES_MAX),
});
export type TCustomerFields = z.infer<typeof ZCustomerFields>;

/** POST /api/customers */
export const ZCustomerCreate = ZCustomerFields.extend({ companyId: ZCompanyId.optional() });
/** What a client may send: optional fields may be left out, empty or null. */
export type TCustomerInput = {
  name: string;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  notes?: string | null;
  companyId?: string;
};

/** PUT /api/customers/:id: the whole customer, and the version the client last saw. */
export const ZCustomerUpdate = ZCustomerCreate.extend({ version: ZVersion.optional() });

export const SEARCH_LIMIT_INVALID = `Limit must be a whole number from 1 to ${CUSTOMER_SEARCH_LIMIT_MAX}`;

/** GET /api/customers?companyId=&q=&limit= */
export const ZCustomerListQuery = z.object({
  companyId: ZCompanyId.optional(),
  q: z
    .string({ message: "Search must be text" })
    .max(200, { message: "Search must be 200 characters or less" })
    .optional(),
  limit: z.coerce
    .number({ message: SEARCH_LIMIT_INVALID })
    .int({ message: SEARCH_LIMIT_INVALID })
    .min(1, { message: SEARCH_LIMIT_INVALID })
    .max(CUSTOMER_SEARCH_LIMIT_MAX, { message: SEARCH_LIMIT_INVALID })
    .default(CUSTOMER_SEARCH_LIMIT_DEFAULT),
});

export const CUSTOMER_IMPORT_MODES = ["fillEmpty", "overwrite"] as const;
export type CustomerImportMode = (typeof CUSTOMER_IMPORT_MODES)[number];

/** POST /api/customers/import */
export const ZCustomerImport = z.object({
  companyId: ZCompanyId.optional(),
  csv: z
    .string({ message: CUSTOMER_IMPORT_CSV_REQUIRED })
    .min(1, { message: CUSTOMER_IMPORT_CSV_REQUIRED, abort: true })
    .max(CUSTOMER_IMPORT_MAX_CHARS, {
      message: `CSV must be ${CUSTOMER_IMPORT_MAX_CHARS} characters or less`,
    }),
  dryRun: z.boolean({ message: "dryRun must be true or false" }).default(false),
  /**
   * What a row does to a customer who already has a value (docs/customers.md):
   * `fillEmpty` fills only the fields they have empty; `overwrite` replaces with the cell.
   */
  mode: z
    .enum(CUSTOMER_IMPORT_MODES, { message: "mode must be fillEmpty or overwrite" })
    .default("fillEmpty"),
});

export const CUSTOMER_IMPORT_FIELDS = ["name", "phone", "email", "address", "notes"] as const;

/** A customer as the API answers it. */
/** How a customer hears from the company (docs/customers.md, "Text messages"). */
export const CUSTOMER_CHANNEL_STATES = ["on", "opted_out", "none"] as const;
const ZChannelState = z.enum(CUSTOMER_CHANNEL_STATES);
export const ZCustomerChannels = z
  .object({
    sms: ZChannelState.describe(
      "on: texts go to their mobile number; opted_out: they replied STOP; none: no number that takes texts",
    ),
    email: ZChannelState.describe(
      "on: notices go to their e-mail; opted_out: they unsubscribed; none: no e-mail",
    ),
  })
  .meta({ id: "CustomerChannels" });
export type CustomerChannelsDTO = z.infer<typeof ZCustomerChannels>;

export const ZCustomer = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    notes: z.string().nullable(),
    noticesOptedOut: z
      .boolean()
      .describe("The customer followed an e-mail's unsubscribe link: no booking notices go to them"),
    channels: ZCustomerChannels,
    place: ZPlace.nullable().describe(
      "Where the customer is: from the address on save, from a geocoder later, or a pin (docs/places.md); null when not found",
    ),
    createdAt: ZMomentText,
    updatedAt: ZMomentText,
    version: z.int(),
  })
  .meta({ id: "Customer" });
export type CustomerDTO = z.infer<typeof ZCustomer>;

/** GET /api/customers/:id: the customer and their history (docs/customers.md). */
export const ZCustomerDetail = ZCustomer.extend({
  upcomingJobs: z.array(ZJob).describe("Today and later, and jobs not yet on the schedule, soonest first"),
  pastJobs: z.array(ZJob).describe("Before today, latest first"),
  calls: z.array(ZCallRecord).describe("Their calls, latest first"),
}).meta({ id: "CustomerDetail" });
export type CustomerDetailDTO = z.infer<typeof ZCustomerDetail>;

/** A row of the spreadsheet that was not imported: `row` counts the header as row 1, as spreadsheets do. */
export const ZCustomerImportError = z.object({ row: z.int(), message: z.string() });
export type CustomerImportErrorDTO = z.infer<typeof ZCustomerImportError>;

/** One existing customer an import changes: only fields whose value changes are listed. */
export const ZCustomerImportChange = z.object({
  customerId: ZRowId,
  name: z.string().describe("The customer's name before the import"),
  fields: z.array(
    z.object({
      field: z.enum(CUSTOMER_IMPORT_FIELDS),
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
});
export type CustomerImportChangeDTO = z.infer<typeof ZCustomerImportChange>;

export const ZCustomerImportResult = z
  .object({
    created: z.int(),
    updated: z.int(),
    skipped: z.int().describe("Rows left out: blank, or failing (each failing row is in `errors`)"),
    errors: z.array(ZCustomerImportError),
    dryRun: z.boolean(),
    changes: z
      .array(ZCustomerImportChange)
      .describe("Each existing customer the import changes, field by field, before and after"),
  })
  .meta({ id: "CustomerImportResult" });
export type CustomerImportResultDTO = z.infer<typeof ZCustomerImportResult>;
