/**
 * The Stripe stub's Checkout page (stripe-checkout-page.ts), which the e2e money loop pays
 * on: the session's url shows the amount and Pay; Pay delivers `checkout.session.completed`
 * with a signature the Stripe SDK accepts, then sends the browser to the success_url. No app:
 * a plain HTTP server takes the webhook.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { startStripeStub, stripeEnvFor } from "./stripe-stub";

const SECRET = stripeEnvFor(0).STRIPE_WEBHOOK_SECRET;
const received: Stripe.Event[] = [];
const webhook = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    try {
      const signature = String(req.headers["stripe-signature"]);
      received.push(Stripe.webhooks.constructEvent(Buffer.concat(chunks), signature, SECRET));
      res.writeHead(200).end("{}");
    } catch {
      res.writeHead(400).end("bad signature");
    }
  });
});
await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
const webhookUrl = `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/api/stripe/webhook`;
const stub = await startStripeStub({ checkoutWebhook: { url: webhookUrl, secret: SECRET } });

afterAll(async () => {
  await stub.close();
  await new Promise((resolve) => webhook.close(resolve));
});

/** A session as the app asks for one (form-encoded, as the SDK sends it). */
async function newSession(): Promise<{ id: string; url: string }> {
  const res = await fetch(`http://127.0.0.1:${stub.port}/v1/checkout/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "15050",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][quantity]": "1",
      "metadata[purpose]": "invoice",
      "metadata[invoiceId]": "inv-1",
      success_url: "http://app.test/invoice/t?checkout=done",
      cancel_url: "http://app.test/invoice/t?checkout=cancelled",
    }),
  });
  return (await res.json()) as { id: string; url: string };
}

describe("the stub's Checkout page", () => {
  it("shows the amount; Pay delivers a signed checkout.session.completed and returns to success_url", async () => {
    const session = await newSession();
    expect(session.url).toBe(`http://127.0.0.1:${stub.port}/c/pay/${session.id}`);
    const page = await fetch(session.url);
    expect(await page.text()).toContain("150.50 USD");

    const paid = await fetch(session.url, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe("http://app.test/invoice/t?checkout=done");
    expect(received).toHaveLength(1);
    const event = received[0];
    expect(event.type).toBe("checkout.session.completed");
    expect(event.data.object).toMatchObject({
      id: session.id,
      payment_status: "paid",
      amount_total: 15050,
      currency: "usd",
      metadata: { purpose: "invoice", invoiceId: "inv-1" },
    });
  });

  it("answers 502 and stays when the app refuses the webhook", async () => {
    const other = await startStripeStub({ checkoutWebhook: { url: webhookUrl, secret: "whsec_wrong" } });
    try {
      const res = await fetch(`http://127.0.0.1:${other.port}/v1/checkout/sessions`, {
        method: "POST",
        body: new URLSearchParams({ mode: "payment", success_url: "http://app.test/done" }),
      });
      const { url } = (await res.json()) as { url: string };
      const paid = await fetch(url, { method: "POST", redirect: "manual" });
      expect(paid.status).toBe(502);
      expect(await paid.text()).toContain("400");
    } finally {
      await other.close();
    }
  });
});
