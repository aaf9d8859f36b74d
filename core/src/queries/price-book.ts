/** Reading the price book (docs/money.md): the list, and the CSV the import reads back. */
import { csvLines, moneyDecimal, type PriceBookEntryDTO } from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { priceBookItems, taxRates } from "../db/schema";
import type { CompanyAccess } from "../policies/company-access";
import { assertReadsMoney } from "../policies/money-reading";
import { fromThousandths, presentPriceBookEntry } from "../presenters/money";
import { maySeePrices } from "./money-settings";

/** The CSV's columns, in the order written; the import reads the same names. */
export const PRICE_BOOK_CSV_HEADERS = ["Name", "Kind", "Unit price", "Cost", "Currency", "Tax rate", "Unit"];

/**
 * The company's items by name. A technician of a company that hides prices gets them
 * without prices: they still add items to their jobs on site (docs/money.md).
 */
export async function listPriceBook(member: CompanyAccess): Promise<PriceBookEntryDTO[]> {
  const [showPrice, rows] = await Promise.all([
    maySeePrices(member),
    db
      .select()
      .from(priceBookItems)
      .where(eq(priceBookItems.companyId, member.companyId))
      .orderBy(asc(priceBookItems.name)),
  ]);
  return rows.map((row) => presentPriceBookEntry(row, showPrice));
}

/** The price book as CSV, amounts as decimals ("19.99"), every cell formula-safe (shared-types/src/csv.ts). */
export async function priceBookCsv(member: CompanyAccess): Promise<string> {
  assertReadsMoney(member);
  const rows = await db
    .select({ item: priceBookItems, rateName: taxRates.name, ratePercent: taxRates.percentThousandths })
    .from(priceBookItems)
    .leftJoin(taxRates, eq(taxRates.id, priceBookItems.taxRateId))
    .where(eq(priceBookItems.companyId, member.companyId))
    .orderBy(asc(priceBookItems.name));
  return csvLines([
    PRICE_BOOK_CSV_HEADERS,
    ...rows.map(({ item, rateName, ratePercent }) => [
      item.name,
      item.kind,
      moneyDecimal({ amount: item.unitPrice, currency: item.currency }),
      item.cost === null ? "" : moneyDecimal({ amount: item.cost, currency: item.currency }),
      item.currency,
      rateName === null || ratePercent === null ? "" : `${rateName} (${fromThousandths(ratePercent)}%)`,
      item.unit,
    ]),
  ]);
}
