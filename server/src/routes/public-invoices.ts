/**
 * The customer's invoice page's API (docs/invoice-page.md): public, the signed token being
 * the key, each path declared with apiTokenPath so no log keeps it. Every bad, revoked or
 * expired link is the same 404.
 */
import { consume, visitChangesByNetwork } from "@sched/core/limits";
import {
  loadPublicInvoice,
  loadPublicInvoicePdf,
  payInvoiceInDemo,
  startInvoicePayment,
} from "@sched/core/payments/invoice-page";
import { ZCardCheckout, ZInvoiceTokenParams, ZPublicInvoice } from "@sched/shared-types";
import { type Response, Router } from "express";
import { REVALIDATE_ALWAYS } from "../http/cache-headers";
import { clientAddress } from "../http/client-address";
import { route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

/** Mounted at the API's root: /api/public/invoices/... */
export const publicInvoicesRouter = Router();

/** A link is a secret: no shared cache keeps its answers. */
const privateAnswer = (res: Response) => res.setHeader("Cache-Control", REVALIDATE_ALWAYS);

publicInvoicesRouter.get(
  apiTokenPath("/public/invoices/:token"),
  route({ access: "public", params: ZInvoiceTokenParams, response: ZPublicInvoice }, ({ params, res }) => {
    privateAnswer(res);
    return loadPublicInvoice(params.token);
  }),
);

publicInvoicesRouter.get(
  apiTokenPath("/public/invoices/:token/pdf"),
  route({ access: "public", params: ZInvoiceTokenParams }, async ({ params, res }) => {
    const { number, pdf } = await loadPublicInvoicePdf(params.token);
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Content-Disposition", `attachment; filename="invoice-${number}.pdf"`);
    res.type("application/pdf").send(pdf);
  }),
);

// Each start asks Stripe for a session: bounded per network like the visit page's changes.
publicInvoicesRouter.post(
  apiTokenPath("/public/invoices/:token/pay"),
  route(
    { access: "public", params: ZInvoiceTokenParams, response: ZCardCheckout },
    async ({ params, req }) => {
      await consume(visitChangesByNetwork, clientAddress(req));
      return startInvoicePayment(params.token);
    },
  ),
);

// Demo mode only (no Stripe key, not production): the simulated card payment (docs/invoice-page.md).
publicInvoicesRouter.post(
  apiTokenPath("/public/invoices/:token/demo-pay"),
  route(
    { access: "public", params: ZInvoiceTokenParams, response: ZPublicInvoice },
    async ({ params, req, res }) => {
      await consume(visitChangesByNetwork, clientAddress(req));
      privateAnswer(res);
      return payInvoiceInDemo(params.token);
    },
  ),
);
