/**
 * The Stripe SDK client, made once from config.stripe. Without STRIPE_SECRET_KEY the
 * app runs in demo billing mode (payments simulated, see billing/demo.ts).
 * STRIPE_API_HOST/PORT/PROTOCOL point the SDK elsewhere: the tests use a local stub.
 */
import Stripe from "stripe";
import { config } from "../config";
import { Unavailable } from "../errors";

let client: Stripe | undefined;

/** True when no Stripe secret key is configured: payments are simulated. */
export const isDemoBilling = () => !config.stripe.secretKey;

/** The demo payment endpoint exists only in demo mode and never in production. */
export const isDemoPaymentEnabled = () => isDemoBilling() && !config.isProduction;

export function stripe(): Stripe {
  const { secretKey, apiHost, apiPort, apiProtocol } = config.stripe;
  if (!secretKey) throw new Unavailable("Card payments are not configured on this server");
  client ??= new Stripe(secretKey, {
    host: apiHost,
    port: apiPort,
    protocol: apiProtocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Scheduler" },
  });
  return client;
}
