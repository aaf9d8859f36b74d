/** Reading a company's settings (docs/settings.md); the answer's fields: ../presenters/company-settings.ts. */
import type { CompanySettingsDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { companySettings } from "../db/schema";
import { presentCompanySettings } from "../presenters/company-settings";

export async function loadCompanySettings(
  companyId: string,
  executor: Executor = db,
): Promise<CompanySettingsDTO> {
  const [row] = await executor.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  return presentCompanySettings(row);
}
