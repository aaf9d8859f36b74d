/**
 * What the customer search matches against (docs/customers.md): every searchable field
 * lower-cased with its accents stripped, plus the phone's digits alone, so "Jose" finds
 * "José" and "5550102" finds "(555) 010-2000".
 */

/** Lower case without accents: NFD splits "é" into "e" and a combining mark, which goes. */
export function foldText(text: string): string {
  // Most text is plain ASCII: nothing to strip (an import folds thousands of rows).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const ASCII = /^[\x20-\x7e]*$/;

export type SearchableCustomer = {
  name: string;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  /** E.164, so "+1 555…" finds the number written without its country code. */
  phoneNormalized?: string | null;
};

export function customerSearchText(customer: SearchableCustomer): string {
  const digits = (text?: string | null) => (text ? text.replace(/\D/g, "") : "");
  const phoneDigits = [digits(customer.phone), digits(customer.phoneNormalized)];
  return [customer.name, customer.phone, ...phoneDigits, customer.email, customer.address]
    .filter((part): part is string => Boolean(part))
    .map(foldText)
    .join(" ");
}

/** A query made only of phone characters is searched by its digits, whatever the spelling. */
const PHONE_QUERY = /^[0-9 +\-().]+$/;

/** A search query as a LIKE pattern on the folded text: LIKE's own wildcards are escaped. */
export function searchPattern(query: string): string {
  const trimmed = query.trim();
  const digits = trimmed.replace(/\D/g, "");
  const text = PHONE_QUERY.test(trimmed) && digits.length >= 3 ? digits : foldText(trimmed);
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
