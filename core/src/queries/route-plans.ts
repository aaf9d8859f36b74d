/**
 * The optimized days still undoable (docs/schedule.md, "Optimize a day"): the Daily View
 * and the Map offer their Undo after the toast is gone or the page reloaded, as the sick
 * day's re-plans are (absence-plans.ts).
 */
import type { RoutePlanDTO } from "@sched/shared-types";
import { and, desc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { routePlans, users } from "../db/schema";
import { presentRoutePlan } from "../presenters/route-plans";

/** The company's optimizations of `date` not undone yet, newest first. */
export async function undoableRoutePlans(companyId: string, date: string): Promise<RoutePlanDTO[]> {
  const rows = await db
    .select({ plan: routePlans, firstName: users.firstName, lastName: users.lastName })
    .from(routePlans)
    .leftJoin(users, eq(users.id, routePlans.appliedBy))
    .where(and(eq(routePlans.companyId, companyId), eq(routePlans.date, date)))
    .orderBy(desc(routePlans.createdAt), desc(routePlans.id));
  return rows.map(({ plan, firstName, lastName }) =>
    presentRoutePlan(plan, firstName === null || lastName === null ? null : { firstName, lastName }),
  );
}
