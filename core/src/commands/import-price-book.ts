/**
 * Importing the price book from a spreadsheet (docs/money.md), with the customers'
 * import's preview: `dryRun` answers what each row would do without writing. The first
 * row names the columns (the export's: Name, Kind, Unit price, Cost, Currency, Tax rate,
 * Unit); a row whose name is already an item's (whatever its case) updates it, else adds
 * one. Amounts are decimals in the company's currency ("19.99"); the tax rate is named as
 * the settings name it, or as the export writes it ("Sales tax (8.875%)").
 */
import {
  currencyNotTheCompanys,
  PRICE_BOOK_IMPORT_MAX_ROWS,
  PRICE_BOOK_IMPORT_NO_NAME_COLUMN,
  type PriceBookImportResultDTO,
  parseMoneyDecimal,
  unguardCell,
  ZPriceBookFields,
} from "@sched/shared-types";
import { parse } from "csv-parse/sync";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "../db/client";
import { priceBookItems, taxRates } from "../db/schema";
import { BadRequest } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { loadMoneySettings } from "../queries/money-settings";
import { nextVersion } from "./versions";

type Column = "name" | "kind" | "unitPrice" | "cost" | "currency" | "taxRate" | "unit";
const HEADERS: Record<Column, readonly string[]> = {
  name: ["name", "item", "itemname", "service", "product", "description"],
  kind: ["kind", "type"],
  unitPrice: ["unitprice", "price", "rate", "salesprice"],
  cost: ["cost", "unitcost", "purchasecost"],
  currency: ["currency"],
  taxRate: ["taxrate", "tax"],
  unit: ["unit", "uom"],
};
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");

function readCsv(csv: string): { columns: (Column | undefined)[]; rows: string[][] } {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch (error) {
    const message = `The file is not valid CSV: ${(error as Error).message}`;
    throw new BadRequest(message, [{ path: "csv", message }]);
  }
  const [headers = [], ...rows] = records;
  const columns = headers.map((header) =>
    (Object.keys(HEADERS) as Column[]).find((column) => HEADERS[column].includes(headerKey(header))),
  );
  if (!columns.includes("name") || !columns.includes("unitPrice"))
    throw new BadRequest(PRICE_BOOK_IMPORT_NO_NAME_COLUMN, [
      { path: "csv", message: PRICE_BOOK_IMPORT_NO_NAME_COLUMN },
    ]);
  if (rows.length > PRICE_BOOK_IMPORT_MAX_ROWS) {
    const message = `An import takes at most ${PRICE_BOOK_IMPORT_MAX_ROWS} rows`;
    throw new BadRequest(message, [{ path: "csv", message }]);
  }
  return { columns, rows };
}

type Rate = { id: string; name: string };
/** "Sales tax" or "Sales tax (8.875%)" names the active rate called Sales tax. */
const findRate = (rates: Rate[], text: string) => {
  const name = text.replace(/\s*\([^)]*%\)\s*$/, "").toLowerCase();
  return rates.find((rate) => rate.name.toLowerCase() === name);
};

/** One row as the price book's columns, or the message of its first problem. */
function checkRow(values: Partial<Record<Column, string>>, currency: string, rates: Rate[]) {
  if (values.currency && values.currency.toUpperCase() !== currency) return currencyNotTheCompanys(currency);
  const unitPrice = parseMoneyDecimal(values.unitPrice ?? "", currency);
  if (unitPrice === undefined) return `Unit price must be an amount in ${currency}, e.g. 19.99`;
  const cost = values.cost ? parseMoneyDecimal(values.cost, currency) : null;
  if (cost === undefined) return `Cost must be an amount in ${currency}, e.g. 19.99`;
  const rate = values.taxRate ? findRate(rates, values.taxRate) : null;
  if (rate === undefined) return `Unknown tax rate: ${values.taxRate}`;
  const parsed = ZPriceBookFields.safeParse({
    name: values.name ?? "",
    kind: (values.kind || "service").toLowerCase(),
    unitPrice: { amount: unitPrice, currency },
    cost: cost === null ? null : { amount: cost, currency },
    unit: values.unit ?? null,
  });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Row is not valid";
  const { name, kind, unit } = parsed.data;
  return { name, kind, unitPrice, cost, unit: unit ?? null, taxRateId: rate?.id ?? null, currency };
}

type Columns = Exclude<ReturnType<typeof checkRow>, string>;
const sameColumns = (a: Columns, b: typeof priceBookItems.$inferSelect) =>
  a.name === b.name &&
  a.kind === b.kind &&
  a.unitPrice === b.unitPrice &&
  a.cost === b.cost &&
  a.unit === b.unit &&
  a.taxRateId === b.taxRateId;

/** POST /api/price-book/import */
export async function importPriceBook(member: CompanyAccess, csv: string, dryRun: boolean) {
  const { companyId } = member;
  const { columns, rows } = readCsv(csv);
  const result: PriceBookImportResultDTO = {
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    errors: [],
    dryRun,
    changes: [],
  };
  await db.transaction(async (tx) => {
    const { currency } = await loadMoneySettings(companyId, tx);
    const rates = await tx
      .select({ id: taxRates.id, name: taxRates.name })
      .from(taxRates)
      .where(and(eq(taxRates.companyId, companyId), isNull(taxRates.archivedAt)));
    const stored = await tx
      .select()
      .from(priceBookItems)
      .where(eq(priceBookItems.companyId, companyId))
      .for("update");
    const byName = new Map(stored.map((item) => [item.name.toLowerCase(), item]));
    const seen = new Set<string>();
    for (const [index, cells] of rows.entries()) {
      // The spreadsheet's row number: the header is row 1.
      const row = index + 2;
      if (cells.every((cell) => !cell)) {
        result.skipped++;
        continue;
      }
      const values: Partial<Record<Column, string>> = {};
      columns.forEach((column, i) => {
        if (column && cells[i] && values[column] === undefined) values[column] = unguardCell(cells[i]);
      });
      const checked = checkRow(values, currency, rates);
      const problem =
        typeof checked === "string"
          ? checked
          : seen.has(checked.name.toLowerCase())
            ? `"${checked.name}" is in the file twice`
            : null;
      if (problem !== null || typeof checked === "string") {
        result.skipped++;
        result.errors.push({ row, message: problem ?? "Row is not valid" });
        continue;
      }
      const key = checked.name.toLowerCase();
      seen.add(key);
      const existing = byName.get(key);
      if (existing && sameColumns(checked, existing)) {
        result.unchanged++;
        continue;
      }
      result.changes.push({ row, name: checked.name, action: existing ? "update" : "create" });
      if (existing) result.updated++;
      else result.created++;
      if (dryRun) continue;
      if (existing)
        await tx
          .update(priceBookItems)
          .set({ ...checked, ...nextVersion(existing, member.userId) })
          .where(eq(priceBookItems.id, existing.id));
      else await tx.insert(priceBookItems).values({ ...checked, companyId, updatedBy: member.userId });
    }
  });
  return result;
}
