/**
 * Loading a company-scoped row by id for the signed-in user, tenancy inside the
 * query: a row that does not exist and a row of a company the user is not in both
 * answer 404 with the same message, so ids leak nothing.
 */
import type { Role } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { NotFound } from "../errors";
import type { CompanyAccess } from "../policies/company-access";
import { isCompanyReadOnly } from "../policies/subscription-state";
import { db } from "./client";
import { companies, companyUsers } from "./schema";

/** A table whose rows belong to one company each. */
export type ScopedTable = PgTable & { id: AnyPgColumn; companyId: AnyPgColumn };

const UUID = z.uuid();

/** Returns the row and the user's access to its company, or throws 404 `notFoundMessage`. */
export async function loadScoped<T extends ScopedTable>(
  table: T,
  id: string,
  userId: string,
  notFoundMessage = "Not found",
): Promise<{ row: T["$inferSelect"] & { companyId: string }; member: CompanyAccess }> {
  if (!UUID.safeParse(id).success) throw new NotFound(notFoundMessage);
  // The row and the user's membership of its company in one statement.
  const [found] = await db
    .select({
      row: table as PgTable,
      role: companyUsers.role,
      subscriptionStatus: companies.subscriptionStatus,
      trialEndsAt: companies.trialEndsAt,
      isFreeAccount: companies.isFreeAccount,
    })
    .from(table as PgTable)
    .innerJoin(
      companyUsers,
      and(eq(companyUsers.companyId, table.companyId), eq(companyUsers.userId, userId)),
    )
    .innerJoin(companies, eq(companies.id, table.companyId))
    .where(eq(table.id, id))
    .limit(1);
  if (!found) throw new NotFound(notFoundMessage);
  const row = found.row as T["$inferSelect"] & { companyId: string };
  return {
    row,
    member: {
      companyId: row.companyId,
      userId,
      role: found.role as Role,
      isReadOnly: isCompanyReadOnly(found),
    },
  };
}
