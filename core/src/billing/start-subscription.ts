/**
 * POST /api/create-subscription with Stripe: the customer is created once per company,
 * the subscription starts incomplete (payment_behavior default_incomplete) and the
 * browser confirms its first invoice's payment with the returned client secret.
 * Access changes only when Stripe's webhook says the invoice was paid.
 */
import type { CreateSubscriptionResultDTO, PlanType } from "@sched/shared-types";
import { and, eq, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { db } from "../db/client";
import { companies, users } from "../db/schema";
import { BadGateway, Conflict, NotFound } from "../errors";
import { logger } from "../logger";
import { announceBillingChange } from "./announce";
import { planName, priceIdFor } from "./plans";
import { stripe } from "./stripe-client";
import { syncSubscription } from "./sync-subscription";

type Company = typeof companies.$inferSelect;

/** Subscriptions whose open invoice can still be paid instead of starting another one. */
const PAYABLE_STATUSES = new Set<string>(["incomplete", "past_due", "unpaid"]);

async function ensureCustomer(company: Company): Promise<string> {
  if (company.stripeCustomerId) return company.stripeCustomerId;
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, company.ownerId));
  // The idempotency key makes a double click create one customer, not two.
  const customer = await stripe().customers.create(
    { name: company.name, email: owner?.email, metadata: { companyId: company.id } },
    { idempotencyKey: `create-customer-${company.id}` },
  );
  await db
    .update(companies)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(companies.id, company.id), isNull(companies.stripeCustomerId)));
  return customer.id;
}

function clientSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === "string" || invoice.status !== "open") return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

const priceOf = (subscription: Stripe.Subscription) => subscription.items.data[0]?.price.id;

/** An active subscription moves to the other price; the difference is prorated on the next invoice. */
async function changePlan(company: Company, subscriptionId: string, priceId: string) {
  const subscription = await stripe().subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  await stripe().subscriptions.update(
    subscriptionId,
    { items: [{ id: item.id, price: priceId }], proration_behavior: "create_prorations" },
    { idempotencyKey: `change-plan-${company.id}-${subscriptionId}-${priceId}` },
  );
  const change = await db.transaction((tx) =>
    syncSubscription(tx, { subscriptionId, customerId: company.stripeCustomerId, companyId: company.id }),
  );
  if (change) await announceBillingChange(change);
}

async function createSubscription(
  company: Company,
  planType: PlanType,
): Promise<CreateSubscriptionResultDTO> {
  const priceId = priceIdFor(planType);
  const previousId = company.stripeSubscriptionId;
  if (company.subscriptionStatus === "active" && previousId) {
    if (company.planType === planType) {
      throw new Conflict(`Your company is already on the ${planName(planType)} plan`);
    }
    await changePlan(company, previousId, priceId);
    return { clientSecret: null };
  }

  if (previousId) {
    const previous = await stripe().subscriptions.retrieve(previousId, {
      expand: ["latest_invoice.confirmation_secret"],
    });
    if (PAYABLE_STATUSES.has(previous.status)) {
      const secret = clientSecretOf(previous);
      // The payment already waiting for this plan is the one to make: no second subscription.
      if (secret && priceOf(previous) === priceId) return { clientSecret: secret };
      if (previous.status !== "incomplete") {
        const owed = company.planType as PlanType;
        throw new Conflict(
          `A payment for the ${planName(owed)} plan is still open. Choose the ${planName(owed)} plan to pay it first.`,
        );
      }
      // An abandoned checkout for the other plan must never be paid as well.
      await stripe()
        .subscriptions.cancel(previous.id)
        .catch((error: unknown) =>
          logger.warn({ err: error, subscriptionId: previous.id }, "could not cancel"),
        );
    }
  }

  const customerId = await ensureCustomer(company);
  const subscription = await stripe().subscriptions.create(
    {
      customer: customerId,
      items: [{ price: priceId }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      expand: ["latest_invoice.confirmation_secret"],
      metadata: { companyId: company.id, planType },
    },
    // Same company, plan and predecessor: a retried or doubled request gets the same subscription.
    { idempotencyKey: `create-subscription-${company.id}-${planType}-${previousId ?? "first"}` },
  );
  await db
    .update(companies)
    .set({ stripeSubscriptionId: subscription.id, stripeCustomerId: customerId })
    .where(eq(companies.id, company.id));
  const clientSecret = clientSecretOf(subscription);
  if (!clientSecret) throw new BadGateway("The payment provider did not return a payment to confirm");
  return { clientSecret };
}

/** Starts (or changes) the company's subscription to `planType` through Stripe. */
export async function startSubscription(companyId: string, planType: PlanType) {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new NotFound("Company not found");
  try {
    return await createSubscription(company, planType);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    logger.error({ err: error, companyId }, "stripe refused to start a subscription");
    throw new BadGateway("The payment provider could not start the subscription. Please try again later.");
  }
}
