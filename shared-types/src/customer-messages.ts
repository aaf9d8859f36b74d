/**
 * The words of the messages a company sends its customers (docs/customers.md, "Text
 * messages"): a default text per kind, the placeholders a company's own text may use, and
 * the one render function the worker's texts and the settings screen's preview share.
 *
 * A line whose placeholder has no value is left out, so "Arriving about {arrivalTime}."
 * disappears when there is no estimate and "{reviewUrl}" when the company has no review
 * link, instead of reading "Arriving about ." to the customer.
 */
import { z } from "zod";

export const CUSTOMER_MESSAGE_KINDS = ["confirmation", "reminder", "onTheWay", "done", "declined"] as const;
export type CustomerMessageKind = (typeof CUSTOMER_MESSAGE_KINDS)[number];

export const CUSTOMER_MESSAGE_PLACEHOLDERS = [
  "customerFirstName",
  "companyName",
  "date",
  "window",
  "technicianFirstName",
  "arrivalTime",
  "visitUrl",
  "reviewUrl",
  "officeMessage",
  "bookingUrl",
] as const;
export type CustomerMessagePlaceholder = (typeof CUSTOMER_MESSAGE_PLACEHOLDERS)[number];
/** What fills the placeholders; a missing or empty one drops the lines that use it. */
export type CustomerMessageValues = Partial<Record<CustomerMessagePlaceholder, string | null>>;

/** Short and friendly: with real names and links the text stays one or two SMS segments. */
export const DEFAULT_CUSTOMER_MESSAGES: Record<CustomerMessageKind, string> = {
  confirmation:
    "Hi {customerFirstName}, your visit from {companyName} is booked for {date}, {window}.\nSee or change it: {visitUrl}",
  reminder:
    "Hi {customerFirstName}, a reminder: {companyName} visits you tomorrow, {date}, {window}.\nDetails: {visitUrl}",
  onTheWay:
    "Hi {customerFirstName}, {companyName} is on the way.\n{technicianFirstName} should arrive about {arrivalTime}.\nFollow the visit: {visitUrl}",
  done: "Thanks, {customerFirstName}! {companyName} has finished your visit.\nHow did we do? {reviewUrl}\nYour visit: {visitUrl}",
  // A declined online request: the customer wants another time, so the link books again.
  declined:
    "Hi {customerFirstName}, sorry: {companyName} cannot take your booking for {date}, {window}.\n{officeMessage}\nBook another time: {bookingUrl}",
};

/** Under every text message, whatever the company's words: carriers ask for it, and Twilio honours the reply. */
export const CUSTOMER_TEXT_OPT_OUT_LINE = "Reply STOP to opt out.";

/** A company's own text: room for one long SMS before the placeholders are filled. */
export const CUSTOMER_MESSAGE_MAX = 320;

/** Example values for a preview of a company's texts (the booking settings screen). */
export const CUSTOMER_MESSAGE_SAMPLE_VALUES: Record<CustomerMessagePlaceholder, string> = {
  customerFirstName: "Alex",
  companyName: "Acme Plumbing",
  date: "Tuesday, April 8",
  window: "8–10 AM",
  technicianFirstName: "Sam",
  arrivalTime: "9:40 AM",
  visitUrl: "https://example.com/visit/Xk3p9QwErTy",
  reviewUrl: "https://g.page/r/acme-plumbing/review",
  officeMessage: "We are fully booked that week, sorry.",
  bookingUrl: "https://example.com/book/acme-plumbing",
};

const PLACEHOLDER = /\{([^{}\s]*)\}/g;
const KNOWN = new Set<string>(CUSTOMER_MESSAGE_PLACEHOLDERS);

const placeholderList = CUSTOMER_MESSAGE_PLACEHOLDERS.map((name) => `{${name}}`).join(", ");

/** Why a company's text cannot be used (an unknown placeholder, named), or undefined when it can. */
export function customerMessageProblem(text: string): string | undefined {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!KNOWN.has(name)) return `Unknown placeholder {${name}}: use ${placeholderList}`;
  }
  return undefined;
}

/**
 * One message text in the booking settings: null for the default, else the company's own,
 * at most CUSTOMER_MESSAGE_MAX characters and with known placeholders only.
 */
export const ZCustomerMessageText = z
  .string({ message: "Message text must be text" })
  .trim()
  .min(1, { message: "Message text must not be empty: send null for the default text" })
  .max(CUSTOMER_MESSAGE_MAX, { message: `Message text must be ${CUSTOMER_MESSAGE_MAX} characters or less` })
  .superRefine((text, ctx) => {
    const problem = customerMessageProblem(text);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .nullable();

/** The texts of the booking settings (`messages`), each null for the default. */
export const ZCustomerMessages = z.object({
  confirmation: ZCustomerMessageText,
  reminder: ZCustomerMessageText,
  onTheWay: ZCustomerMessageText,
  done: ZCustomerMessageText,
  // Added later than the four: a settings row or a client without it means the default.
  declined: ZCustomerMessageText.default(null),
});
export type CustomerMessagesDTO = z.infer<typeof ZCustomerMessages>;

export const DEFAULT_CUSTOMER_MESSAGE_SETTINGS: CustomerMessagesDTO = {
  confirmation: null,
  reminder: null,
  onTheWay: null,
  done: null,
  declined: null,
};

/**
 * The message a customer reads: the company's text for `kind` (null: the default) with its
 * placeholders filled. Lines whose placeholders have no value are left out, and blank lines
 * and runs of spaces are tidied; an unknown placeholder is left as typed (the settings
 * refuse one, so only an old text can hold it).
 */
export function renderCustomerMessage(
  kind: CustomerMessageKind,
  text: string | null | undefined,
  values: CustomerMessageValues,
): string {
  const template = text?.trim() ? text : DEFAULT_CUSTOMER_MESSAGES[kind];
  const filled = (name: string) =>
    KNOWN.has(name) ? (values[name as CustomerMessagePlaceholder]?.trim() ?? "") : undefined;
  return template
    .split(/\r?\n/)
    .filter((line) => [...line.matchAll(PLACEHOLDER)].every(([, name]) => filled(name) !== ""))
    .map((line) =>
      line
        .replace(PLACEHOLDER, (placeholder, name: string) => filled(name) ?? placeholder)
        .replace(/[ \t]+/g, " ")
        .trim(),
    )
    .filter((line) => line !== "")
    .join("\n");
}
