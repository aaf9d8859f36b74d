/**
 * Phone numbers as one customer's key (docs/customers.md): "(555) 010-2000" and
 * "555-010-2000" are the same number once written in E.164 for the company's country.
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * The number in E.164 ("+15550102000"), read in `country` unless it starts with +; null when
 * the text cannot be a phone number there. "Possible" (the right length) rather than "valid"
 * (an assigned range), so fictional and newly opened ranges still match themselves.
 */
export function normalizePhone(text: string | null | undefined, country: string): string | null {
  if (!text?.trim()) return null;
  const parsed = parsePhoneNumberFromString(text, country as CountryCode);
  if (!parsed?.isPossible()) return null;
  return parsed.number;
}
