/**
 * Demo billing mode (no STRIPE_SECRET_KEY): the simulated payment activates the plan
 * locally for one month, so the whole flow can be tried without a Stripe account.
 */
import type { PlanType } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { companies } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { announceBillingChange } from "./announce";
import { planName } from "./plans";
import type { BillingChange } from "./sync-subscription";

/** `start` plus one calendar month, clamped to the month's last day (Jan 31 -> Feb 28), as Stripe bills. */
export function addOneMonth(start: Date): Date {
  const end = new Date(start);
  const day = start.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * Activates `planType` for a month. A change of plan while active keeps the paid period.
 * Answers 409 when the company already has that plan.
 */
export async function activateDemoPlan(
  companyId: string,
  planType: PlanType,
  actorUserId: string,
  now = new Date(),
): Promise<BillingChange> {
  const change = await db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
    if (!company) throw new NotFound("Company not found");
    const isActive = company.subscriptionStatus === "active";
    if (isActive && company.planType === planType) {
      throw new Conflict(`Your company is already on the ${planName(planType)} plan`);
    }
    const keepsPeriod = isActive && company.currentPeriodEnd !== null;
    await tx
      .update(companies)
      .set({
        subscriptionStatus: "active",
        planType,
        currentPeriodStart: keepsPeriod ? company.currentPeriodStart : now,
        currentPeriodEnd: keepsPeriod ? company.currentPeriodEnd : addOneMonth(now),
      })
      .where(eq(companies.id, companyId));
    return {
      companyId,
      before: { status: company.subscriptionStatus, planType: company.planType as PlanType },
      after: { status: "active", planType },
    };
  });
  await announceBillingChange(change, actorUserId);
  return change;
}
