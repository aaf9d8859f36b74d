/**
 * Quotes (docs/quotes.md): good/better/best options of lines from the price book or typed,
 * sent with a signed link; the customer approves one option by typing their name, or
 * declines. Amounts are `{amount, currency}` in integer minor units (../money.ts).
 */
import { z } from "zod";
import { calendarDate, ZCompanyId, ZDateText, ZId, ZMomentText, ZRowId } from "./common";
import { CARD_MODES } from "./invoice-page";
import { ZJobType } from "./jobs";
import { AMOUNT_INVALID, PRICE_BOOK_NAME_MAX, ZMoney, ZPercent, ZQuantity } from "./money";
import { ZQuoteDepositAsk, ZQuoteDepositPaid } from "./quote-deposits";
import { ZVersion } from "./versions";

export const QUOTE_STATUSES = ["draft", "sent", "viewed", "approved", "declined", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The job type of a quote's job when the office names none. */
export const QUOTE_DEFAULT_JOB_TYPE = "Repair";

export const QUOTE_MAX_OPTIONS = 5;
export const QUOTE_MAX_LINES = 100;
export const QUOTE_NOTES_MAX = 2000;

export const QUOTE_OPTIONS_REQUIRED = "A quote needs at least one option";
export const QUOTE_OPTIONS_TOO_MANY = `A quote has at most ${QUOTE_MAX_OPTIONS} options`;
export const QUOTE_OPTION_NAME_REQUIRED = "Option name is required";
export const QUOTE_LINES_REQUIRED = "An option needs at least one line";
export const QUOTE_LINES_TOO_MANY = `An option has at most ${QUOTE_MAX_LINES} lines`;
export const QUOTE_LINE_NAME_REQUIRED = "Name is required when no price book item is given";
export const QUOTE_LINE_PRICE_REQUIRED = "Unit price is required when no price book item is given";
export const QUOTE_DISCOUNT_BOTH = "Give a discount percent or a discount amount, not both";
export const QUOTE_DISCOUNT_TOO_LARGE = "A discount cannot be more than the line";
export const QUOTE_OPTIONAL_ONLY = "An option needs at least one line that is not optional";
export const QUOTE_CUSTOMER_UNKNOWN = "Unknown customer";
export const QUOTE_EXPIRES_IN_PAST = "Expires on cannot be before today";
export const QUOTE_NOT_FOUND = "Quote not found";
export const QUOTE_NOT_EDITABLE = "This quote was approved or declined and cannot change";
export const QUOTE_NOT_DRAFT = "Only a draft quote can be deleted";
export const QUOTE_NO_EMAIL = "This customer has no e-mail address";
export const QUOTE_NO_PHONE = "This customer has no phone number for texts";
export const QUOTE_EXPIRED = "This quote has expired";
export const QUOTE_ALREADY_APPROVED = "This quote was approved already";
export const QUOTE_ALREADY_DECLINED = "This quote was declined already";
export const QUOTE_OPTION_UNKNOWN = "Pick one of the quote's options";
export const QUOTE_OPTIONAL_LINE_UNKNOWN = "An optional item is not in the chosen option";
export const QUOTE_SIGNATURE_REQUIRED = "Type your name to approve";
export const QUOTE_DECLINE_REASON_REQUIRED = "Reason is required";

const ZPrice = ZMoney.refine((money) => money.amount >= 0, { message: AMOUNT_INVALID, path: ["amount"] });

// --- Requests -------------------------------------------------------------------------

/** One line: from the price book (its name, price and tax rate unless given) or typed. */
export const ZQuoteLineInput = z
  .object({
    priceBookItemId: ZId.nullable().optional(),
    name: z
      .string({ message: "Name must be text" })
      .trim()
      .max(PRICE_BOOK_NAME_MAX, { message: `Name must be ${PRICE_BOOK_NAME_MAX} characters or less` })
      .transform((value) => value || null)
      .nullable()
      .optional(),
    quantity: ZQuantity,
    unitPrice: ZPrice.nullable().optional(),
    /** Percent off the line, 0 to 100 with up to 3 decimals. */
    discountPercent: ZPercent.nullable().optional(),
    /** An amount off the line, in the company's currency. */
    discountAmount: ZPrice.nullable().optional(),
    /** An optional line: the customer ticks it on approval; not in the totals until then. */
    optional: z.boolean({ message: "optional must be true or false" }).optional(),
  })
  .refine((line) => line.discountPercent == null || line.discountAmount == null, {
    message: QUOTE_DISCOUNT_BOTH,
    path: ["discountAmount"],
  })
  .refine((line) => line.priceBookItemId || line.name, { message: QUOTE_LINE_NAME_REQUIRED, path: ["name"] })
  .refine((line) => line.priceBookItemId || line.unitPrice, {
    message: QUOTE_LINE_PRICE_REQUIRED,
    path: ["unitPrice"],
  });
export type TQuoteLineInput = z.infer<typeof ZQuoteLineInput>;

export const ZQuoteOptionInput = z.object({
  name: z
    .string({ message: QUOTE_OPTION_NAME_REQUIRED })
    .trim()
    .min(1, { message: QUOTE_OPTION_NAME_REQUIRED })
    .max(80, { message: "Option name must be 80 characters or less" }),
  lines: z
    .array(ZQuoteLineInput, { message: QUOTE_LINES_REQUIRED })
    .min(1, { message: QUOTE_LINES_REQUIRED })
    .max(QUOTE_MAX_LINES, { message: QUOTE_LINES_TOO_MANY })
    .refine((lines) => lines.some((line) => !line.optional), { message: QUOTE_OPTIONAL_ONLY }),
});
export type TQuoteOptionInput = z.infer<typeof ZQuoteOptionInput>;

const quoteFields = {
  options: z
    .array(ZQuoteOptionInput, { message: QUOTE_OPTIONS_REQUIRED })
    .min(1, { message: QUOTE_OPTIONS_REQUIRED })
    .max(QUOTE_MAX_OPTIONS, { message: QUOTE_OPTIONS_TOO_MANY }),
  expiresOn: calendarDate("Expires on"),
  /** The kind of work the approved option's job is (a job's type is one of JOB_TYPES). */
  jobType: ZJobType.default(QUOTE_DEFAULT_JOB_TYPE),
  notes: z
    .string({ message: "Notes must be text" })
    .trim()
    .max(QUOTE_NOTES_MAX, { message: `Notes must be ${QUOTE_NOTES_MAX} characters or less` })
    .transform((value) => value || null)
    .nullable()
    .optional(),
  /** A deposit the customer pays by card once they approve (docs/quotes.md, "Deposit"); null: none. */
  deposit: ZQuoteDepositAsk.nullable().optional(),
};

/** POST /api/quotes */
export const ZQuoteCreate = z.object({
  companyId: ZCompanyId.optional(),
  customerId: ZId,
  ...quoteFields,
});
export type TQuoteCreate = z.infer<typeof ZQuoteCreate>;

/** PUT /api/quotes/:id: the whole quote again (its options and lines are replaced) and the version seen. */
export const ZQuoteUpdate = ZQuoteCreate.extend({ version: ZVersion.optional() });
export type TQuoteUpdate = z.infer<typeof ZQuoteUpdate>;

export const QUOTE_SEND_CHANNELS = ["email", "text"] as const;

/** POST /api/quotes/:id/send */
export const ZQuoteSend = z.object({
  channel: z.enum(QUOTE_SEND_CHANNELS, { message: 'Channel must be "email" or "text"' }).optional(),
  version: ZVersion.optional(),
});
export type TQuoteSend = z.infer<typeof ZQuoteSend>;

/** GET /api/quotes?companyId=&status=&customerId= */
export const ZQuoteListQuery = z.object({
  companyId: ZCompanyId.optional(),
  status: z
    .enum(QUOTE_STATUSES, { message: `Status must be one of ${QUOTE_STATUSES.join(", ")}` })
    .optional(),
  customerId: ZId.optional(),
});

/** POST /api/public/quotes/:token/approve: the option's id, the name typed as a signature. */
export const ZQuoteApprove = z.object({
  option: ZId,
  name: z
    .string({ message: QUOTE_SIGNATURE_REQUIRED })
    .trim()
    .min(1, { message: QUOTE_SIGNATURE_REQUIRED })
    .max(120, { message: "Name must be 120 characters or less" }),
  optionalLineIds: z.array(ZId).max(QUOTE_MAX_LINES, { message: QUOTE_LINES_TOO_MANY }).optional(),
});
export type TQuoteApprove = z.infer<typeof ZQuoteApprove>;

/** POST /api/public/quotes/:token/decline */
export const ZQuoteDecline = z.object({
  reason: z
    .string({ message: QUOTE_DECLINE_REASON_REQUIRED })
    .trim()
    .min(1, { message: QUOTE_DECLINE_REASON_REQUIRED })
    .max(500, { message: "Reason must be 500 characters or less" }),
});
export type TQuoteDecline = z.infer<typeof ZQuoteDecline>;

// --- Answers --------------------------------------------------------------------------

export const ZQuoteLine = z
  .object({
    id: ZRowId,
    priceBookItemId: ZRowId.nullable(),
    name: z.string(),
    quantity: z.number(),
    unitPrice: ZMoney,
    discountPercent: z.number().nullable(),
    discountAmount: ZMoney.nullable(),
    discount: ZMoney.describe("What the discount takes off the line, rounded half-even"),
    taxPercent: z.number().nullable(),
    optional: z.boolean(),
    chosen: z.boolean().describe("An optional line the customer ticked on approval"),
    position: z.int(),
    net: ZMoney,
    tax: ZMoney,
    gross: ZMoney,
  })
  .meta({ id: "QuoteLine" });
export type QuoteLineDTO = z.infer<typeof ZQuoteLine>;

export const ZQuoteOption = z
  .object({
    id: ZRowId,
    name: z.string(),
    position: z.int(),
    lines: z.array(ZQuoteLine),
    subtotal: ZMoney.describe("The sum of the lines' net amounts: required lines and chosen optional ones"),
    tax: ZMoney,
    total: ZMoney,
    deposit: ZMoney.nullable().describe("The quote's deposit on this option's total; null: none asked"),
  })
  .meta({ id: "QuoteOption" });
export type QuoteOptionDTO = z.infer<typeof ZQuoteOption>;

export const ZQuote = z
  .object({
    id: ZRowId,
    companyId: ZRowId,
    customerId: ZRowId,
    customerName: z.string(),
    number: z.int().describe("Per company, from 1, no gaps and no repeats; shown as Q-<number>"),
    status: z.enum(QUOTE_STATUSES),
    expiresOn: ZDateText,
    jobType: ZJobType,
    notes: z.string().nullable(),
    currency: z.string(),
    pricesIncludeTax: z.boolean(),
    options: z.array(ZQuoteOption),
    approvedOptionId: ZRowId.nullable(),
    approvedBy: z.string().nullable(),
    approvedAt: ZMomentText.nullable(),
    declineReason: z.string().nullable(),
    declinedAt: ZMomentText.nullable(),
    sentAt: ZMomentText.nullable(),
    viewedAt: ZMomentText.nullable(),
    jobIds: z.array(ZRowId).describe("The jobs made from the approved option"),
    deposit: ZQuoteDepositAsk.nullable(),
    depositPaid: ZQuoteDepositPaid.nullable().describe("The deposit paid by card; null while none came in"),
    version: z.int(),
    createdAt: ZMomentText,
    updatedAt: ZMomentText,
  })
  .meta({ id: "Quote" });
export type QuoteDTO = z.infer<typeof ZQuote>;

/** A list's row: each option's totals without its lines. */
export const ZQuoteSummary = ZQuote.omit({ options: true })
  .extend({
    options: z.array(ZQuoteOption.omit({ lines: true })),
  })
  .meta({ id: "QuoteSummary" });
export type QuoteSummaryDTO = z.infer<typeof ZQuoteSummary>;

/** POST /api/quotes/:id/send */
export const ZQuoteSendResult = z
  .object({ url: z.string().describe("The customer's signed quote page"), quote: ZQuote })
  .meta({ id: "QuoteSendResult" });
export type QuoteSendResultDTO = z.infer<typeof ZQuoteSendResult>;

/** GET /api/public/quotes/:token: this quote only, with what the page prints. */
export const ZPublicQuote = z
  .object({
    number: z.int(),
    status: z.enum(QUOTE_STATUSES),
    expiresOn: ZDateText,
    notes: z.string().nullable(),
    currency: z.string(),
    pricesIncludeTax: z.boolean(),
    locale: z.string().describe("The company's locale for amounts and dates, e.g. en-US"),
    company: z.object({
      name: z.string(),
      documentAddress: z.string().nullable(),
      taxNumbers: z.array(z.object({ label: z.string(), value: z.string() })),
      logoVersion: z
        .string()
        .nullable()
        .describe("The logo's version: GET .../:token/logo?v=<it> shows it; null: no logo"),
    }),
    customerName: z.string(),
    options: z.array(ZQuoteOption),
    approvedOptionId: ZRowId.nullable(),
    approvedBy: z.string().nullable(),
    approvedAt: ZMomentText.nullable(),
    declineReason: z.string().nullable(),
    deposit: ZQuoteDepositAsk.nullable(),
    depositPaid: ZMoney.nullable().describe("What the customer paid of the deposit; null: nothing yet"),
    depositDue: ZMoney.nullable().describe(
      "What is still to pay of the approved option's deposit; null: nothing",
    ),
    card: z.enum(CARD_MODES).describe("How a card is taken here; `unavailable`: no deposit by card"),
  })
  .meta({ id: "PublicQuote" });
export type PublicQuoteDTO = z.infer<typeof ZPublicQuote>;

/** "Q-12": how a quote's number is shown everywhere. */
export const quoteLabel = (number: number) => `Q-${number}`;
