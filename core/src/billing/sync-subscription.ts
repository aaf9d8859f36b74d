/**
 * Stripe -> company. Webhooks may arrive late, twice or out of order, so they only say
 * "look again": the subscription is re-read from Stripe while the company row is locked,
 * and the last writer always writes what Stripe says now.
 */
import { type PlanType, ZPlanType } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import StripeSdk from "stripe";
import { z } from "zod";
import type { Executor } from "../db/client";
import { companies } from "../db/schema";
import { logger } from "../logger";
import { planTypeForPrice } from "./plans";
import { stripe } from "./stripe-client";

type Company = typeof companies.$inferSelect;

/** What the company row says about its billing before and after a change. */
export type BillingState = { status: string; planType: PlanType };
export type BillingChange = { companyId: string; before: BillingState; after: BillingState };

/** Subscriptions that still bill: one of these replaces whatever the company had. */
const LIVE_STATUSES = new Set<string>(["active", "trialing", "past_due", "unpaid"]);
/** A first payment not made yet: it must not end a running trial. */
const UNFINISHED_CHECKOUT = new Set<string>(["incomplete", "incomplete_expired"]);

/** How a webhook names the company it is about. */
export type BillingRef = { subscriptionId: string; customerId?: string | null; companyId?: string | null };

const isUuid = (value: unknown): value is string => z.uuid().safeParse(value).success;

/**
 * Locks the company `ref` points at: by our metadata, else by the subscription, else by
 * the customer. An event whose metadata names one company while its customer belongs to
 * another is not trusted at all ("mismatch"): it is logged and ignored (docs/billing.md).
 */
async function lockCompany(tx: Executor, ref: BillingRef): Promise<Company | "mismatch" | undefined> {
  const byCustomer = ref.customerId
    ? (await tx.select().from(companies).where(eq(companies.stripeCustomerId, ref.customerId)).limit(1))[0]
    : undefined;
  const lookups = [
    isUuid(ref.companyId) ? eq(companies.id, ref.companyId) : undefined,
    eq(companies.stripeSubscriptionId, ref.subscriptionId),
    ref.customerId ? eq(companies.stripeCustomerId, ref.customerId) : undefined,
  ];
  for (const where of lookups) {
    if (!where) continue;
    const [row] = await tx.select().from(companies).where(where).limit(1).for("update");
    if (!row) continue;
    const customerOfAnother = byCustomer && byCustomer.id !== row.id;
    const otherCustomer = row.stripeCustomerId && ref.customerId && row.stripeCustomerId !== ref.customerId;
    return customerOfAnother || otherCustomer ? "mismatch" : row;
  }
  return undefined;
}

/** The subscription as Stripe knows it now; undefined when Stripe has no such subscription. */
async function retrieveSubscription(subscriptionId: string): Promise<Stripe.Subscription | undefined> {
  try {
    return await stripe().subscriptions.retrieve(subscriptionId);
  } catch (error) {
    const isMissing =
      error instanceof StripeSdk.errors.StripeInvalidRequestError &&
      (error.code === "resource_missing" || error.statusCode === 404);
    if (isMissing) return undefined;
    throw error;
  }
}

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** The company columns a Stripe subscription stands for. */
export function billingFieldsFrom(subscription: Stripe.Subscription, company: Company) {
  const item = subscription.items.data[0];
  const fromMetadata = ZPlanType.safeParse(subscription.metadata?.planType);
  const planType =
    planTypeForPrice(item?.price.id) ??
    (fromMetadata.success ? fromMetadata.data : undefined) ??
    (company.planType as PlanType);
  let status: string = subscription.status;
  if (status === "trialing") status = "trial";
  if (UNFINISHED_CHECKOUT.has(status) && company.subscriptionStatus === "trial") status = "trial";
  const trialEnd = fromUnix(subscription.trial_end);
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId:
      typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    subscriptionStatus: status,
    planType,
    currentPeriodStart: fromUnix(item?.current_period_start) ?? company.currentPeriodStart,
    currentPeriodEnd: fromUnix(item?.current_period_end) ?? company.currentPeriodEnd,
    // A Stripe trial (made in the Stripe dashboard) moves our trial end with it.
    trialEndsAt: subscription.status === "trialing" && trialEnd ? trialEnd : company.trialEndsAt,
  };
}

/** A subscription that is neither the company's current one nor billing any more is history. */
function isStale(company: Company, subscription: Stripe.Subscription): boolean {
  if (!company.stripeSubscriptionId || company.stripeSubscriptionId === subscription.id) return false;
  return !LIVE_STATUSES.has(subscription.status);
}

/** Re-reads the subscription from Stripe and writes it to its company, inside `tx`. */
export async function syncSubscription(tx: Executor, ref: BillingRef): Promise<BillingChange | null> {
  const company = await lockCompany(tx, ref);
  if (!company) {
    logger.warn({ ref }, "stripe subscription for no known company");
    return null;
  }
  if (company === "mismatch") {
    logger.warn({ ref }, "stripe event names a company that does not own its customer: ignored");
    return null;
  }
  const subscription = await retrieveSubscription(ref.subscriptionId);
  if (!subscription) {
    logger.warn({ ref }, "stripe event for a subscription Stripe does not know: ignored");
    return null;
  }
  if (isStale(company, subscription)) return null;
  const fields = billingFieldsFrom(subscription, company);
  await tx.update(companies).set(fields).where(eq(companies.id, company.id));
  return {
    companyId: company.id,
    before: { status: company.subscriptionStatus, planType: company.planType as PlanType },
    after: { status: fields.subscriptionStatus, planType: fields.planType },
  };
}
