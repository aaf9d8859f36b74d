/**
 * Reading a customer spreadsheet saved as CSV (docs/customers.md): the first row
 * names the columns, matched by name whatever the spelling ("Phone Number", "E-mail
 * Address", "Customer Name"); columns nobody knows are left out.
 */
import { parse } from "csv-parse/sync";

export type CustomerColumn = "name" | "firstName" | "lastName" | "phone" | "email" | "address" | "notes";

/** Header spellings, lower-cased with everything but letters removed. */
const HEADER_NAMES: Record<CustomerColumn, readonly string[]> = {
  name: ["name", "customername", "customer", "fullname", "client", "clientname", "contactname", "contact"],
  firstName: ["firstname", "givenname", "first"],
  lastName: ["lastname", "surname", "familyname", "last"],
  phone: [
    "phone",
    "phonenumber",
    "phoneno",
    "telephone",
    "tel",
    "mobile",
    "mobilephone",
    "mobilenumber",
    "cell",
    "cellphone",
    "customerphone",
  ],
  email: ["email", "emailaddress", "mail", "customeremail"],
  address: ["address", "streetaddress", "serviceaddress", "customeraddress", "location", "street"],
  notes: ["notes", "note", "comments", "comment", "remarks"],
};

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");

/** Which column each header is, or undefined; a column named twice keeps its first. */
export function matchHeaders(headers: readonly string[]): (CustomerColumn | undefined)[] {
  const taken = new Set<CustomerColumn>();
  return headers.map((header) => {
    const key = headerKey(header);
    const column = (Object.keys(HEADER_NAMES) as CustomerColumn[]).find((c) => HEADER_NAMES[c].includes(key));
    if (!column || taken.has(column)) return undefined;
    taken.add(column);
    return column;
  });
}

export type CsvCustomerRow = {
  /** The spreadsheet's row number: the header is row 1. */
  row: number;
  values: Partial<Record<CustomerColumn, string>>;
};

export type ParsedCustomerCsv = { columns: (CustomerColumn | undefined)[]; rows: CsvCustomerRow[] };

/**
 * The header and the rows as column → text. Throws csv-parse's error for text that is not
 * CSV (an unclosed quote); rows with more or fewer cells than the header are read as they are.
 */
export function parseCustomerCsv(csv: string): ParsedCustomerCsv {
  const records: string[][] = parse(csv, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    trim: true,
  });
  const [headers = [], ...body] = records;
  const columns = matchHeaders(headers);
  const rows = body.map((cells, index) => {
    const values: Partial<Record<CustomerColumn, string>> = {};
    columns.forEach((column, i) => {
      if (column && cells[i]) values[column] = cells[i];
    });
    return { row: index + 2, values };
  });
  return { columns, rows };
}

/** The name a row gives: its Name column, else First and Last name together. */
export function rowName(values: CsvCustomerRow["values"]): string | undefined {
  if (values.name) return values.name;
  const joined = [values.firstName, values.lastName].filter(Boolean).join(" ");
  return joined || undefined;
}
