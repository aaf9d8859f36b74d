/**
 * The re-plans still undoable (docs/time-off.md): the board offers their
 * Undo after a reload, as the toast did.
 */
import type { AbsencePlanUndoableDTO } from "@sched/shared-types";
import { and, asc, eq, gte, lte } from "drizzle-orm";
import { db } from "../db/client";
import { absencePlans } from "../db/schema";
import { presentAbsencePlan } from "../presenters/absence-plans";

/** The company's re-plans of the days from..to not undone yet, oldest first. */
export async function undoableAbsencePlans(
  companyId: string,
  from: string,
  to: string,
): Promise<AbsencePlanUndoableDTO[]> {
  const rows = await db
    .select()
    .from(absencePlans)
    .where(
      and(eq(absencePlans.companyId, companyId), gte(absencePlans.date, from), lte(absencePlans.date, to)),
    )
    .orderBy(asc(absencePlans.date), asc(absencePlans.createdAt));
  return rows.map(presentAbsencePlan);
}
