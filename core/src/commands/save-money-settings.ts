/**
 * Saving the company's money settings and tax rates (docs/money.md): an upsert on the
 * locked row, from the version the client last saw. `taxRates` replaces the list: a rate
 * sent with its id is renamed or re-rated, one without an id is added, one left out is
 * archived (what already used it keeps its percent). The currency changes only while
 * nothing is priced in it yet.
 */
import {
  type MoneySettingsDTO,
  TAX_RATE_UNKNOWN,
  type TMoneySettingsUpdate,
  toScaledInteger,
} from "@sched/shared-types";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { invoices, jobItems, moneySettings, priceBookItems, taxRates } from "../db/schema";
import { BadRequest, Conflict } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { loadMoneySettings } from "../queries/money-settings";
import { assertCurrentVersion } from "./versions";

export const CURRENCY_IN_USE =
  "The currency cannot change once the price book, a job's items or an invoice use it";

/** 409 when something is already priced in another currency than `currency`. */
async function assertCurrencyFree(tx: Executor, companyId: string, currency: string) {
  const [priced] = await tx
    .select({ id: priceBookItems.id })
    .from(priceBookItems)
    .where(and(eq(priceBookItems.companyId, companyId), ne(priceBookItems.currency, currency)))
    .limit(1);
  const [added] = await tx
    .select({ id: jobItems.id })
    .from(jobItems)
    .where(and(eq(jobItems.companyId, companyId), ne(jobItems.currency, currency)))
    .limit(1);
  const [invoiced] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), ne(invoices.currency, currency)))
    .limit(1);
  if (priced || added || invoiced) throw new Conflict(CURRENCY_IN_USE);
}

async function replaceTaxRates(
  tx: Executor,
  companyId: string,
  sent: NonNullable<TMoneySettingsUpdate["taxRates"]>,
) {
  const stored = await tx
    .select({ id: taxRates.id })
    .from(taxRates)
    .where(and(eq(taxRates.companyId, companyId), isNull(taxRates.archivedAt)));
  const storedIds = new Set(stored.map((rate) => rate.id));
  sent.forEach((rate, index) => {
    if (rate.id && !storedIds.has(rate.id))
      throw new BadRequest(TAX_RATE_UNKNOWN, [{ path: `taxRates.${index}.id`, message: TAX_RATE_UNKNOWN }]);
  });
  const kept = new Set(sent.flatMap((rate) => (rate.id ? [rate.id] : [])));
  for (const rate of stored) {
    if (!kept.has(rate.id))
      await tx.update(taxRates).set({ archivedAt: new Date() }).where(eq(taxRates.id, rate.id));
  }
  for (const rate of sent) {
    const values = { name: rate.name, percentThousandths: Number(toScaledInteger(rate.percent, 3)) };
    if (rate.id) await tx.update(taxRates).set(values).where(eq(taxRates.id, rate.id));
    else await tx.insert(taxRates).values({ ...values, companyId });
  }
}

/** PUT /api/companies/:companyId/money-settings */
export async function saveMoneySettings(
  member: CompanyAccess,
  input: TMoneySettingsUpdate,
  expectedVersion: number | undefined,
): Promise<MoneySettingsDTO> {
  const { companyId } = member;
  const { version: _sent, taxRates: rates, ...fields } = input;
  return db.transaction(async (tx) => {
    const current = await loadMoneySettings(companyId, tx);
    // The first save inserts the row; later ones lock it, so two saves take turns.
    await tx
      .insert(moneySettings)
      .values({ companyId, currency: current.currency, version: 0 })
      .onConflictDoNothing();
    const [locked] = await tx
      .select()
      .from(moneySettings)
      .where(eq(moneySettings.companyId, companyId))
      .for("update");
    await assertCurrentVersion(tx, locked, expectedVersion, "money settings", () =>
      loadMoneySettings(companyId, tx),
    );
    if (fields.currency && fields.currency !== locked.currency)
      await assertCurrencyFree(tx, companyId, fields.currency);
    if (rates) await replaceTaxRates(tx, companyId, rates);
    await tx
      .update(moneySettings)
      .set({
        ...fields,
        version: sql`${moneySettings.version} + 1`,
        updatedBy: member.userId,
        updatedAt: new Date(),
      })
      .where(eq(moneySettings.companyId, companyId));
    return loadMoneySettings(companyId, tx);
  });
}
