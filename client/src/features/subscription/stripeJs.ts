/**
 * Stripe.js, loaded from js.stripe.com only when a payment form is shown (Stripe
 * requires it be loaded from there; app.ts's CSP allows it). Typed here for the few
 * calls the payment form makes, rather than adding a package to every build.
 */

type StripeJsError = { type: string; message?: string };

export type StripePaymentElement = {
  mount: (element: HTMLElement) => void;
  destroy: () => void;
  on: (event: "ready", handler: () => void) => void;
};

export type StripeElements = {
  create: (type: "payment", options?: { layout?: "tabs" | "accordion" }) => StripePaymentElement;
};

export type StripeJs = {
  elements: (options: { clientSecret: string; appearance?: { theme?: "stripe" | "flat" } }) => StripeElements;
  confirmPayment: (options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }) => Promise<{ error?: StripeJsError }>;
};

type StripeFactory = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const STRIPE_JS_URL = "https://js.stripe.com/v3/";

let scriptLoad: Promise<StripeFactory> | undefined;
const instances = new Map<string, StripeJs>();

function loadScript(): Promise<StripeFactory> {
  scriptLoad ??= new Promise<StripeFactory>((resolve, reject) => {
    if (window.Stripe) {
      resolve(window.Stripe);
      return;
    }
    const script = document.createElement("script");
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error("Stripe.js did not start"));
    script.onerror = () => reject(new Error("Stripe.js could not be loaded. Check your connection."));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // Let a later attempt try again (the network may come back).
    scriptLoad = undefined;
    throw error;
  });
  return scriptLoad;
}

/** The Stripe.js client for `publishableKey`, made once. */
export async function loadStripe(publishableKey: string): Promise<StripeJs> {
  const existing = instances.get(publishableKey);
  if (existing) return existing;
  const factory = await loadScript();
  const stripe = factory(publishableKey);
  instances.set(publishableKey, stripe);
  return stripe;
}
