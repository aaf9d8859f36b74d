/**
 * The customer's invoice page (docs/invoice-page.md): `/api/public/invoices/:token` opens one
 * invoice by its signed link; `POST .../pay` starts a card payment (Stripe Checkout).
 * Amounts are `{amount, currency}` in integer minor units.
 */
import { z } from "zod";
import { ZDateText } from "./common";
import { INVOICE_STATUSES, ZInvoice } from "./invoices";
import { ZMoney } from "./money";

export const INVOICE_LINK_NOT_VALID = "This invoice link is not valid";
export const INVOICE_NOTHING_TO_PAY = "Nothing is owed on this invoice";
export const CARD_PAYMENTS_NOT_SET_UP = "Card payments are not set up: please pay another way";
export const CARD_PAYMENT_NOT_STARTED =
  "The payment provider could not start the payment. Please try again later.";
export const DEMO_CARD_PAYMENTS_ONLY = "Demo card payments are not available on this server";

/** How this server takes cards: Stripe Checkout, simulated (demo), or not at all. */
export const CARD_MODES = ["stripe", "demo", "unavailable"] as const;
export type CardMode = (typeof CARD_MODES)[number];

export const ZInvoiceTokenParams = z.object({ token: z.string() });

/** POST /api/invoices/:id/send's choice; by default e-mail when the customer has an address, else a text. */
export const INVOICE_SEND_CHANNELS = ["email", "text"] as const;
export type InvoiceSendChannel = (typeof INVOICE_SEND_CHANNELS)[number];

/** POST /api/invoices/:id/send answers the invoice and its page's link. */
export const ZInvoiceSent = ZInvoice.extend({
  url: z.string().describe("The customer's invoice page, /invoice/<token>"),
  sentBy: z.enum(["email", "text", "none"]).describe("How the link went out: none when handed over on paper"),
}).meta({ id: "InvoiceSent" });
export type InvoiceSentDTO = z.infer<typeof ZInvoiceSent>;

export const ZPublicInvoiceLine = z.object({
  name: z.string(),
  quantity: z.number(),
  unitPrice: ZMoney,
  taxPercent: z.number().nullable(),
  net: ZMoney,
  tax: ZMoney,
  gross: ZMoney,
});

/** What a customer sees of their invoice: no ids, nothing of another invoice. */
export const ZPublicInvoice = z
  .object({
    company: z.object({
      name: z.string(),
      address: z.string().nullable(),
      taxNumbers: z.array(z.object({ label: z.string(), value: z.string() })),
      logoVersion: z
        .string()
        .nullable()
        .describe("The logo's version: GET .../:token/logo?v=<it> shows it; null: no logo"),
    }),
    number: z.int(),
    status: z.enum(INVOICE_STATUSES),
    billTo: z.object({ name: z.string(), address: z.string().nullable() }).nullable(),
    issuedOn: ZDateText,
    dueOn: ZDateText,
    pricesIncludeTax: z.boolean(),
    lines: z.array(ZPublicInvoiceLine),
    subtotal: ZMoney,
    tax: ZMoney,
    total: ZMoney,
    paid: ZMoney,
    credited: ZMoney,
    balance: ZMoney,
    locale: z.string().describe("The company's locale for amounts, e.g. en-US"),
    card: z.enum(CARD_MODES).describe("How a card is taken here; `unavailable`: no Pay button"),
    canPay: z.boolean().describe("Something is owed, the invoice is not void and cards are taken"),
  })
  .meta({ id: "PublicInvoice" });
export type PublicInvoiceDTO = z.infer<typeof ZPublicInvoice>;

/** POST /api/public/invoices/:token/pay: where to send the browser (Stripe Checkout, or the demo step). */
export const ZCardCheckout = z.object({ url: z.string() }).meta({ id: "CardCheckout" });
export type CardCheckoutDTO = z.infer<typeof ZCardCheckout>;
