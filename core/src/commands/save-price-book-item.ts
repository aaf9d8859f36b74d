/**
 * The price book (docs/money.md): services and materials with a unit price in the
 * company's currency, an optional cost, tax rate and unit. Names are unique in a company
 * whatever their case (409 conflict naming the item that has it).
 */
import {
  currencyNotTheCompanys,
  PRICE_BOOK_ITEM_NOT_FOUND,
  PRICE_BOOK_NAME_TAKEN,
  type PriceBookItemDTO,
  TAX_RATE_UNKNOWN,
  type TPriceBookFields,
} from "@sched/shared-types";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { priceBookItems, taxRates } from "../db/schema";
import { BadRequest, Conflict, NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { presentPriceBookItem } from "../presenters/money";
import { loadMoneySettings } from "../queries/money-settings";
import { assertCurrentVersion, nextVersion } from "./versions";

/** The columns an item's fields make, or 400 on the field that is not the company's. */
export async function priceBookColumns(executor: Executor, companyId: string, fields: TPriceBookFields) {
  const { currency } = await loadMoneySettings(companyId, executor);
  for (const [path, money] of [
    ["unitPrice.currency", fields.unitPrice],
    ["cost.currency", fields.cost],
  ] as const) {
    if (money && money.currency !== currency) {
      const message = currencyNotTheCompanys(currency);
      throw new BadRequest(message, [{ path, message }]);
    }
  }
  if (fields.taxRateId) {
    const [rate] = await executor
      .select({ id: taxRates.id })
      .from(taxRates)
      .where(
        and(
          eq(taxRates.id, fields.taxRateId),
          eq(taxRates.companyId, companyId),
          isNull(taxRates.archivedAt),
        ),
      );
    if (!rate) throw new BadRequest(TAX_RATE_UNKNOWN, [{ path: "taxRateId", message: TAX_RATE_UNKNOWN }]);
  }
  return {
    name: fields.name,
    kind: fields.kind,
    unitPrice: fields.unitPrice.amount,
    cost: fields.cost?.amount ?? null,
    currency,
    taxRateId: fields.taxRateId ?? null,
    unit: fields.unit ?? null,
  };
}

/** 409 naming the other item with this name, if there is one. */
export async function assertNameFree(executor: Executor, companyId: string, name: string, exceptId?: string) {
  const [other] = await executor
    .select({ id: priceBookItems.id })
    .from(priceBookItems)
    .where(
      and(
        eq(priceBookItems.companyId, companyId),
        sql`lower(${priceBookItems.name}) = lower(${name})`,
        exceptId ? ne(priceBookItems.id, exceptId) : undefined,
      ),
    );
  if (other) throw new Conflict(PRICE_BOOK_NAME_TAKEN, { existingId: other.id });
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" ||
  (error as { cause?: { code?: string } }).cause?.code === "23505";

/** Two saves of one name at once: the loser answers the same 409 as if it had come second. */
async function conflictOnRace<T>(companyId: string, name: string, save: () => Promise<T>) {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) await assertNameFree(db, companyId, name);
    throw error;
  }
}

export async function createPriceBookItem(
  member: CompanyAccess,
  input: TPriceBookFields,
): Promise<PriceBookItemDTO> {
  const { companyId } = member;
  const columns = await priceBookColumns(db, companyId, input);
  await assertNameFree(db, companyId, columns.name);
  const [row] = await conflictOnRace(companyId, columns.name, () =>
    db
      .insert(priceBookItems)
      .values({ ...columns, companyId, updatedBy: member.userId })
      .returning(),
  );
  return presentPriceBookItem(row);
}

/** Changes an item on its locked row, from the version the client last saw (409 stale when another). */
export async function updatePriceBookItem(
  member: CompanyAccess,
  id: string,
  input: TPriceBookFields,
  expectedVersion?: number,
): Promise<PriceBookItemDTO> {
  const { companyId } = member;
  const columns = await priceBookColumns(db, companyId, input);
  const row = await conflictOnRace(companyId, columns.name, () =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(priceBookItems).where(eq(priceBookItems.id, id)).for("update");
      if (!locked) throw new NotFound(PRICE_BOOK_ITEM_NOT_FOUND);
      await assertCurrentVersion(tx, locked, expectedVersion, "item", () => presentPriceBookItem(locked));
      await assertNameFree(tx, companyId, columns.name, id);
      const [updated] = await tx
        .update(priceBookItems)
        .set({ ...columns, ...nextVersion(locked, member.userId) })
        .where(eq(priceBookItems.id, id))
        .returning();
      return updated;
    }),
  );
  return presentPriceBookItem(row);
}

/** Deletes an item; the job items and invoice lines made from it keep their name and price. */
export async function deletePriceBookItem(_member: CompanyAccess, id: string): Promise<void> {
  await db.delete(priceBookItems).where(eq(priceBookItems.id, id));
}
