/**
 * Quotes (docs/quotes.md): owners and admins make, change, send and delete them
 * (`manageMoney`); the customer reads one and answers it on the public quote page, the
 * signed token being the key (declared with apiTokenPath so no log keeps it).
 */
import { approveQuote, declineQuote, viewQuote } from "@sched/core/commands/answer-quote";
import { createQuote, deleteQuote, updateQuote } from "@sched/core/commands/save-quote";
import { sendQuote } from "@sched/core/commands/send-quote";
import { quotes } from "@sched/core/db/schema";
import { consume, quoteAnswersByNetwork } from "@sched/core/limits";
import { payQuoteDepositInDemo, startQuoteDeposit } from "@sched/core/payments/quote-deposit-page";
import { assertReadsMoney } from "@sched/core/policies/money-reading";
import { listQuotes, quoteDetail } from "@sched/core/queries/quotes";
import {
  QUOTE_NOT_FOUND,
  ZCardCheckout,
  ZIdParams,
  ZPublicQuote,
  ZQuote,
  ZQuoteApprove,
  ZQuoteCreate,
  ZQuoteDecline,
  ZQuoteListQuery,
  ZQuoteSend,
  ZQuoteSendResult,
  ZQuoteSummary,
  ZQuoteUpdate,
  ZVisitTokenParams,
} from "@sched/shared-types";
import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { REVALIDATE_ALWAYS } from "../http/cache-headers";
import { clientAddress } from "../http/client-address";
import { loadAuthorizedRow, route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";
import { expectedVersion } from "../http/versions";

/** Mounted at /api/quotes. */
export const quotesRouter = Router();

/** A quote of a company where the user may `action`; another company's is not found. */
const quoteOf = (userId: string, id: string, action: "read" | "manageMoney") =>
  loadAuthorizedRow(quotes, id, userId, action, QUOTE_NOT_FOUND);

quotesRouter.get(
  "/",
  route(
    { access: { company: "read" }, query: ZQuoteListQuery, response: z.array(ZQuoteSummary) },
    ({ member, query }) => {
      assertReadsMoney(member);
      return listQuotes(member, query);
    },
  ),
);

quotesRouter.post(
  "/",
  route(
    {
      access: { company: "manageMoney" },
      body: ZQuoteCreate,
      idempotent: true,
      status: 201,
      response: ZQuote,
    },
    ({ member, body }) => createQuote(member, body),
  ),
);

quotesRouter.get(
  "/:id",
  route({ access: "user", params: ZIdParams, response: ZQuote }, async ({ userId, params }) => {
    const { row, member } = await quoteOf(userId, params.id, "read");
    assertReadsMoney(member);
    return quoteDetail(row);
  }),
);

quotesRouter.put(
  "/:id",
  route(
    { access: "user", params: ZIdParams, body: ZQuoteUpdate, response: ZQuote },
    async ({ userId, params, body, req }) => {
      const { member } = await quoteOf(userId, params.id, "manageMoney");
      return updateQuote(member, params.id, body, expectedVersion(req, body.version));
    },
  ),
);

quotesRouter.delete(
  "/:id",
  route({ access: "user", params: ZIdParams, status: 204 }, async ({ userId, params, req }) => {
    await quoteOf(userId, params.id, "manageMoney");
    await deleteQuote(params.id, expectedVersion(req, undefined));
  }),
);

// Marks the quote sent and owes the customer its link by e-mail or text (docs/quotes.md).
quotesRouter.post(
  "/:id/send",
  route(
    { access: "user", params: ZIdParams, body: ZQuoteSend, response: ZQuoteSendResult },
    async ({ userId, params, body, req }) => {
      const { member } = await quoteOf(userId, params.id, "manageMoney");
      return sendQuote(member, params.id, { ...body, version: expectedVersion(req, body.version) });
    },
  ),
);

/** Mounted at the API's root: /api/public/quotes/:token... */
export const publicQuotesRouter = Router();

/** A link is a secret: no shared cache keeps the page's answer. */
const privateAnswer = (res: Response) => res.setHeader("Cache-Control", REVALIDATE_ALWAYS);

/** Each answer makes a job or tells the office: bounded per network, like the visit page's changes. */
const countAnswer = (req: Request) => consume(quoteAnswersByNetwork, clientAddress(req));

publicQuotesRouter.get(
  apiTokenPath("/public/quotes/:token"),
  route({ access: "public", params: ZVisitTokenParams, response: ZPublicQuote }, ({ params, res }) => {
    privateAnswer(res);
    return viewQuote(params.token);
  }),
);

publicQuotesRouter.post(
  apiTokenPath("/public/quotes/:token/approve"),
  route(
    { access: "public", params: ZVisitTokenParams, body: ZQuoteApprove, response: ZPublicQuote },
    async ({ params, body, req, res }) => {
      await countAnswer(req);
      privateAnswer(res);
      return approveQuote(params.token, body);
    },
  ),
);

publicQuotesRouter.post(
  apiTokenPath("/public/quotes/:token/decline"),
  route(
    { access: "public", params: ZVisitTokenParams, body: ZQuoteDecline, response: ZPublicQuote },
    async ({ params, body, req, res }) => {
      await countAnswer(req);
      privateAnswer(res);
      return declineQuote(params.token, body);
    },
  ),
);

// The deposit by card once approved (docs/quotes.md, "Deposit"): Checkout's URL, or the demo step's.
publicQuotesRouter.post(
  apiTokenPath("/public/quotes/:token/deposit"),
  route(
    { access: "public", params: ZVisitTokenParams, response: ZCardCheckout },
    async ({ params, req, res }) => {
      await countAnswer(req);
      privateAnswer(res);
      return startQuoteDeposit(params.token);
    },
  ),
);

// Demo mode only (no Stripe key, not production): the simulated deposit payment.
publicQuotesRouter.post(
  apiTokenPath("/public/quotes/:token/demo-deposit"),
  route(
    { access: "public", params: ZVisitTokenParams, response: ZPublicQuote },
    async ({ params, req, res }) => {
      await countAnswer(req);
      privateAnswer(res);
      return payQuoteDepositInDemo(params.token);
    },
  ),
);
