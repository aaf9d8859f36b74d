/** What the subscription screen and banner read (docs/billing.md). */
import type { BillingConfigDTO, SubscriptionInfoDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { isDemoBilling, isDemoPaymentEnabled } from "../billing/stripe-client";
import { config } from "../config";
import { db } from "../db/client";
import { companies } from "../db/schema";
import { NotFound } from "../errors";
import { presentSubscriptionInfo } from "../presenters/subscription";

/** How the client takes payments: Stripe Elements with this key, or the demo form. */
export function billingConfig(): BillingConfigDTO {
  if (isDemoBilling()) return { mode: isDemoPaymentEnabled() ? "demo" : "unavailable", publishableKey: null };
  return { mode: "stripe", publishableKey: config.stripe.publishableKey ?? null };
}

/** The company's plan, status and trial days, as the banner and the plan screen show them. */
export async function getSubscriptionInfo(companyId: string): Promise<SubscriptionInfoDTO> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new NotFound("Company not found");
  return presentSubscriptionInfo(company);
}
