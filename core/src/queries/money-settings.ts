/** A company's money settings and tax rates (docs/money.md); who may see prices. */
import { can, currencyForCountry, type MoneySettingsDTO } from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { moneySettings, taxRates } from "../db/schema";
import type { CompanyAccess } from "../policies/authorize";
import { presentMoneySettings } from "../presenters/money";
import { loadCompanyLogoInfo } from "./company-logo";
import { loadCompanySettings } from "./company-settings";

export async function loadMoneySettings(
  companyId: string,
  executor: Executor = db,
): Promise<MoneySettingsDTO> {
  const [[row], rates, logo] = await Promise.all([
    executor.select().from(moneySettings).where(eq(moneySettings.companyId, companyId)),
    executor
      .select()
      .from(taxRates)
      .where(eq(taxRates.companyId, companyId))
      .orderBy(asc(taxRates.createdAt)),
    loadCompanyLogoInfo(companyId, executor),
  ]);
  // The country is read only while the company has no saved currency.
  const fallback = row
    ? row.currency
    : currencyForCountry((await loadCompanySettings(companyId, executor)).country);
  return presentMoneySettings(companyId, row, rates, fallback, logo);
}

/** Owners and admins see prices (after a trial too: reading); a technician only where the company allows it. */
export async function maySeePrices(member: CompanyAccess, executor: Executor = db): Promise<boolean> {
  if (can(member.role, "manageMoney")) return true;
  const [row] = await executor
    .select({ techniciansSeePrices: moneySettings.techniciansSeePrices })
    .from(moneySettings)
    .where(eq(moneySettings.companyId, member.companyId));
  return row?.techniciansSeePrices ?? false;
}
