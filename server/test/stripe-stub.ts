/**
 * A local stand-in for the Stripe API: the real SDK talks to it over HTTP (through
 * STRIPE_API_HOST/PORT/PROTOCOL), so the tests see the exact requests the app makes:
 * form bodies, Idempotency-Key headers, expansions. It keeps subscriptions in memory,
 * replays idempotent requests as Stripe does, and lets a test set what a later
 * retrieve answers (the "current" state webhooks are re-read against).
 * Imports nothing from the app: tests start it before the app's config is read.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type CheckoutWebhook, checkoutPageHtml, deliverCheckoutCompleted } from "./stripe-checkout-page";

export type StubRequest = {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
};

type StubInvoice = { id: string; object: "invoice"; status: string; confirmation_secret: object };

export type StubSubscription = {
  id: string;
  object: "subscription";
  status: string;
  customer: string;
  metadata: Record<string, string>;
  trial_end: number | null;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: { id: string; object: "price" };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
  latest_invoice: string;
};

export type StubCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  payment_status: string;
  status: string;
  success_url: string;
  cancel_url: string;
  url: string;
};

const DAY_S = 24 * 60 * 60;

export type StripeStubOptions = {
  /**
   * Where a press of Pay on the stub's Checkout page delivers `checkout.session.completed`
   * (stripe-checkout-page.ts). Without it a session's url is an address nobody opens.
   */
  checkoutWebhook?: CheckoutWebhook;
};

export async function startStripeStub(options: StripeStubOptions = {}) {
  const requests: StubRequest[] = [];
  const subscriptions = new Map<string, StubSubscription>();
  const invoices = new Map<string, StubInvoice>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const checkoutSessions = new Map<string, StubCheckoutSession>();
  let sequence = 0;
  let port = 0;
  const nextId = (prefix: string) => `${prefix}_stub${++sequence}`;

  /** Stores a subscription as Stripe would hold it; overrides set its status, price or period. */
  function putSubscription(options: {
    customer: string;
    price: string;
    status?: string;
    metadata?: Record<string, string>;
    id?: string;
    periodStart?: number;
    trialEnd?: number | null;
  }): StubSubscription {
    const id = options.id ?? nextId("sub");
    const start = options.periodStart ?? Math.floor(Date.now() / 1000);
    const invoice: StubInvoice = {
      id: nextId("in"),
      object: "invoice",
      status: "open",
      confirmation_secret: { client_secret: `${nextId("pi")}_secret_test`, type: "payment_intent" },
    };
    invoices.set(invoice.id, invoice);
    const subscription: StubSubscription = {
      id,
      object: "subscription",
      status: options.status ?? "incomplete",
      customer: options.customer,
      metadata: options.metadata ?? {},
      trial_end: options.trialEnd ?? null,
      items: {
        object: "list",
        data: [
          {
            id: nextId("si"),
            object: "subscription_item",
            price: { id: options.price, object: "price" },
            current_period_start: start,
            current_period_end: start + 30 * DAY_S,
          },
        ],
      },
      latest_invoice: invoice.id,
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  /** `expand[]=latest_invoice...` returns the invoice object instead of its id, as Stripe does. */
  function present(subscription: StubSubscription, params: URLSearchParams) {
    const expands = [...params.entries()].filter(([key]) => key.startsWith("expand")).map(([, v]) => v);
    if (!expands.some((path) => path.startsWith("latest_invoice"))) return subscription;
    return { ...subscription, latest_invoice: invoices.get(subscription.latest_invoice) };
  }

  const metadataOf = (params: URLSearchParams) => {
    const metadata: Record<string, string> = {};
    for (const [key, value] of params) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]] = value;
    }
    return metadata;
  };

  function route(method: string, path: string, params: URLSearchParams): { status: number; body: unknown } {
    const missing = {
      status: 404,
      body: { error: { type: "invalid_request_error", message: "No such object" } },
    };
    if (method === "POST" && path === "/v1/customers") {
      return {
        status: 200,
        body: {
          id: nextId("cus"),
          object: "customer",
          name: params.get("name"),
          email: params.get("email"),
          metadata: metadataOf(params),
        },
      };
    }
    // Checkout for the customer's pages (docs/invoice-page.md): a session to pay one amount.
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const session: StubCheckoutSession = {
        id: nextId("cs"),
        object: "checkout.session",
        mode: params.get("mode") ?? "",
        amount_total:
          Number(params.get("line_items[0][price_data][unit_amount]")) *
          Number(params.get("line_items[0][quantity]") ?? 1),
        currency: params.get("line_items[0][price_data][currency]") ?? "",
        metadata: metadataOf(params),
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        success_url: params.get("success_url") ?? "",
        cancel_url: params.get("cancel_url") ?? "",
        url: "",
      };
      session.url = options.checkoutWebhook
        ? `http://127.0.0.1:${port}/c/pay/${session.id}`
        : `https://checkout.stripe.test/c/pay/${session.id}`;
      checkoutSessions.set(session.id, session);
      return { status: 200, body: session };
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const subscription = putSubscription({
        customer: params.get("customer") ?? "",
        price: params.get("items[0][price]") ?? "",
        metadata: metadataOf(params),
      });
      return { status: 200, body: present(subscription, params) };
    }
    const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    const subscription = match ? subscriptions.get(match[1]) : undefined;
    if (!subscription) return missing;
    if (method === "GET") return { status: 200, body: present(subscription, params) };
    if (method === "DELETE") {
      subscription.status = "canceled";
      return { status: 200, body: subscription };
    }
    if (method === "POST") {
      const price = params.get("items[0][price]");
      if (price) subscription.items.data[0].price = { id: price, object: "price" };
      return { status: 200, body: present(subscription, params) };
    }
    return missing;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? "/", "http://stub");
    const method = req.method ?? "GET";
    const params =
      method === "GET" ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString());
    const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
    requests.push({ method, path: url.pathname, params, idempotencyKey });
    const payPage = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
    if (payPage && options.checkoutWebhook)
      return checkoutPage(method, payPage[1], options.checkoutWebhook, res);
    const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : undefined;
    const reply = (replayKey && replies.get(replayKey)) || route(method, url.pathname, params);
    if (replayKey) replies.set(replayKey, reply);
    res.writeHead(reply.status, { "Content-Type": "application/json", "Request-Id": nextId("req") });
    res.end(JSON.stringify(reply.body));
  }

  /** Checkout's hosted page: GET shows it; POST (Pay) charges, tells the app, goes back. */
  async function checkoutPage(method: string, id: string, webhook: CheckoutWebhook, res: ServerResponse) {
    const session = checkoutSessions.get(id);
    if (!session) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("No such checkout session");
      return;
    }
    if (method === "GET") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(checkoutPageHtml(session));
      return;
    }
    try {
      await deliverCheckoutCompleted(webhook, completeCheckout(id));
      res.writeHead(303, { Location: session.success_url }).end();
    } catch (error) {
      res.writeHead(502, { "Content-Type": "text/plain" }).end((error as Error).message);
    }
  }

  /** The session as Stripe holds it once the card is charged (what checkout.session.completed carries). */
  function completeCheckout(id: string): StubCheckoutSession {
    const session = checkoutSessions.get(id);
    if (!session) throw new Error(`no stub checkout session ${id}`);
    session.payment_status = "paid";
    session.status = "complete";
    session.payment_intent ??= nextId("pi");
    return { ...session };
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;

  return {
    port,
    requests,
    subscriptions,
    checkoutSessions,
    completeCheckout,
    putSubscription,
    /** What the next retrieve of `id` answers: Stripe's state "now". */
    setStatus(id: string, status: string) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no stub subscription ${id}`);
      subscription.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStub = Awaited<ReturnType<typeof startStripeStub>>;

/** The environment that points the app's Stripe client at the stub. */
export function stripeEnvFor(port: number): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_stub",
    STRIPE_PUBLISHABLE_KEY: "pk_test_stub",
    STRIPE_WEBHOOK_SECRET: "whsec_test_stub",
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: "http",
    STRIPE_PRICE_BASIC: "price_basic_test",
    STRIPE_PRICE_PRO: "price_pro_test",
  };
}
