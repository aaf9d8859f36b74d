/**
 * Phone numbers as one customer's key (docs/customers.md): "(555) 010-2000" and
 * "555-010-2000" are the same number once written in E.164 for the company's country.
 * A short local number ("555-0100", dialled without the area code) is no whole number in
 * any country, yet people dial it: it is kept as typed, and its digits are its key, so the
 * same caller typed the same way is still one customer. Never refused for being short.
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { parsePhoneNumberFromString as parseWithTypes } from "libphonenumber-js/max";

/** Fewer digits than this is no number anyone dials; more than E.164's 15 is none either. */
const LOCAL_DIGITS_MIN = 5;
const LOCAL_DIGITS_MAX = 15;
/** A date typed into the phone field ("2026-02-30") is not a number to call. */
const DATE_SHAPED = /^\s*\d{4}-\d{2}-\d{2}\s*$/;

/**
 * The number's key: E.164 ("+15550102000"), read in `country` unless it starts with +; or,
 * for a short local number, its digits alone ("5550100", never starting with +, so never
 * equal to a whole number's key). Null when the text is no number a person can dial.
 * "Possible" (the right length) rather than "valid" (an assigned range), so fictional and
 * newly opened ranges still match themselves.
 */
export function normalizePhone(text: string | null | undefined, country: string): string | null {
  if (!text?.trim()) return null;
  const parsed = parsePhoneNumberFromString(text, country as CountryCode);
  if (parsed?.isPossible()) return parsed.number;
  // An international number must be whole: "+1 555" reaches nobody.
  if (text.trim().startsWith("+") || DATE_SHAPED.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  return digits.length >= LOCAL_DIGITS_MIN && digits.length <= LOCAL_DIGITS_MAX ? digits : null;
}

/** Kinds of number that take text messages (libphonenumber's full metadata tells them apart). */
const TEXTABLE_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE", "PERSONAL_NUMBER"]);

/**
 * The number to text, when `phone` (a stored key, or a number typed in `country`) is a whole
 * number that can take texts: E.164, valid, and a mobile (or, as in the US, a number that may
 * be one). Null for a landline, a toll-free number, a short local number or no number.
 */
export function textNumberOf(phone: string | null | undefined, country = "US"): string | null {
  if (!phone?.trim()) return null;
  const parsed = parseWithTypes(phone, country as CountryCode);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return type && TEXTABLE_TYPES.has(type) ? parsed.number : null;
}
