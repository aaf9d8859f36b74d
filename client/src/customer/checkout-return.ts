/** Coming back from Stripe Checkout to a customer's page (docs/invoice-page.md). */

/** Back from Checkout: how many times, and how often, to ask whether the money landed. */
export const CONFIRM_TRIES = 8;
export const CONFIRM_EVERY_MS = 1500;

export type Outcome = "done" | "cancelled" | "demo" | null;

/** The `?checkout=` Checkout came back with, taken off the address so a reload starts afresh. */
export function takeOutcome(): Outcome {
  const params = new URLSearchParams(window.location.search);
  const outcome = params.get("checkout");
  if (outcome) window.history.replaceState(null, "", window.location.pathname);
  return outcome === "done" || outcome === "cancelled" || outcome === "demo" ? outcome : null;
}
