/**
 * The stub's stand-in for Stripe Checkout's hosted page (used by stripe-stub.ts when a
 * test gives it a webhook to call): a page with one Pay button; the press charges the
 * "card", delivers `checkout.session.completed` to the app signed as Stripe signs it, and
 * sends the browser back to the session's success_url, as Checkout does. Imports nothing
 * from the app, so an e2e server can start it before the app; the Stripe SDK signs the event.
 */
import Stripe from "stripe";

export type CheckoutWebhook = { url: string; secret: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a session's `url` opens: the amount and a Pay button (a plain form, no script). */
export function checkoutPageHtml(session: { id: string; amount_total: number; currency: string }) {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe stub Checkout</title></head>
<body><main><h1>Stripe stub Checkout</h1><p>Amount: <span data-testid="stub-amount">${escapeHtml(amount)}</span></p>
<form method="post" action="/c/pay/${encodeURIComponent(session.id)}"><button type="submit">Pay</button></form>
</main></body></html>`;
}

let deliveries = 0;

/** Delivers `checkout.session.completed` for `session` to the app; throws unless it answers 2xx. */
export async function deliverCheckoutCompleted(webhook: CheckoutWebhook, session: object) {
  const payload = JSON.stringify({
    id: `evt_stub_checkout_${Date.now()}_${++deliveries}`,
    object: "event",
    type: "checkout.session.completed",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: session },
  });
  const res = await fetch(webhook.url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: webhook.secret }),
    },
    body: payload,
  });
  if (!res.ok) throw new Error(`the app answered the webhook ${res.status}: ${await res.text()}`);
}
