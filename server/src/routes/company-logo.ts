/**
 * The company's logo (docs/money.md, "Logo"): every member reads it, owners and admins
 * (manageMoney, like the rest of what documents print) set and remove it. The customer's
 * invoice and quote pages read it through their own token only (apiTokenPath keeps the
 * token out of the logs). Each answer carries the image's ETag: a browser asks again with
 * If-None-Match and gets a 304 while the logo is the same.
 */
import { removeCompanyLogo, saveCompanyLogo } from "@sched/core/commands/company-logo";
import { NotFound } from "@sched/core/errors";
import { loadCompanyLogo, type StoredLogo } from "@sched/core/queries/company-logo";
import { loadInvoicePageLogo, loadQuotePageLogo } from "@sched/core/queries/public-logos";
import {
  LOGO_NOT_FOUND,
  ZCompanyLogo,
  ZCompanyLogoQuery,
  ZCompanyLogoUpload,
  ZInvoiceTokenParams,
  ZVisitTokenParams,
} from "@sched/shared-types";
import { type Response, Router } from "express";
import { route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

/** Mounted at the API's root. */
export const companyLogoRouter = Router();

/**
 * An address with the current `?v=` names these exact bytes: kept for good. Without it (or
 * with an old one) the browser revalidates each time. Private: a customer's link is a secret.
 */
function sendLogo(res: Response, logo: StoredLogo, version: string | undefined) {
  res.setHeader("Content-Type", logo.mimeType);
  res.setHeader("ETag", `"${logo.etag}"`);
  res.setHeader(
    "Cache-Control",
    version === logo.etag ? "private, max-age=31536000, immutable" : "private, no-cache",
  );
  res.setHeader("Content-Disposition", "inline");
  // res.send answers 304 when If-None-Match names this ETag.
  res.send(logo.bytes);
}

companyLogoRouter.get(
  "/companies/:companyId/logo",
  route({ access: { company: "read" }, query: ZCompanyLogoQuery }, async ({ member, query, res }) => {
    const logo = await loadCompanyLogo(member.companyId);
    if (!logo) throw new NotFound(LOGO_NOT_FOUND);
    sendLogo(res, logo, query.v);
  }),
);

companyLogoRouter.put(
  "/companies/:companyId/logo",
  route(
    { access: { company: "manageMoney" }, body: ZCompanyLogoUpload, response: ZCompanyLogo },
    ({ member, body }) => saveCompanyLogo(member, body),
  ),
);

companyLogoRouter.delete(
  "/companies/:companyId/logo",
  route({ access: { company: "manageMoney" }, status: 204 }, async ({ member }) => {
    await removeCompanyLogo(member);
  }),
);

companyLogoRouter.get(
  apiTokenPath("/public/invoices/:token/logo"),
  route(
    { access: "public", params: ZInvoiceTokenParams, query: ZCompanyLogoQuery },
    async ({ params, query, res }) => sendLogo(res, await loadInvoicePageLogo(params.token), query.v),
  ),
);

companyLogoRouter.get(
  apiTokenPath("/public/quotes/:token/logo"),
  route(
    { access: "public", params: ZVisitTokenParams, query: ZCompanyLogoQuery },
    async ({ params, query, res }) => sendLogo(res, await loadQuotePageLogo(params.token), query.v),
  ),
);
