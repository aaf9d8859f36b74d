/**
 * Free access (SPEC sections 4 and 6): a system administrator lets a company use
 * everything without paying. The company row says who granted it, when and why; the
 * free_access_event table keeps every grant and revoke for good.
 */
import { eq } from "drizzle-orm";
import { db, type Tx } from "../db/client";
import { companies, freeAccessEvents } from "../db/schema";
import { Conflict, NotFound } from "../errors";

export const COMPANY_NOT_FOUND = "Company not found";

export type CompanyRow = typeof companies.$inferSelect;

/** The company row, locked until the transaction ends so two admins cannot interleave. */
export async function lockCompany(tx: Tx, companyId: string): Promise<CompanyRow> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
  if (!company) throw new NotFound(COMPANY_NOT_FOUND);
  return company;
}

/** Grants free access; 409 when the company already has it (the first grant's reason stays). */
export async function grantFreeAccess(
  companyId: string,
  adminUserId: string,
  notes: string,
  now = new Date(),
): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (company.isFreeAccount) throw new Conflict("This company already has free access");
    const [updated] = await tx
      .update(companies)
      .set({
        isFreeAccount: true,
        freeAccessGrantedBy: adminUserId,
        freeAccessGrantedAt: now,
        freeAccessNotes: notes,
      })
      .where(eq(companies.id, companyId))
      .returning();
    await tx
      .insert(freeAccessEvents)
      .values({ companyId, action: "grant", adminUserId, notes, createdAt: now });
    return updated;
  });
}
