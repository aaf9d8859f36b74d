/**
 * An approved quote's "Choose a time" (docs/quotes.md): the windows the booking page would
 * offer for the quote's job, and the customer's pick, by the quote's link alone (declared
 * with apiTokenPath so no log keeps it). A pick is counted per network with the quote's
 * other answers.
 */
import { chooseQuoteWindow } from "@sched/core/commands/choose-quote-window";
import { consume, quoteAnswersByNetwork } from "@sched/core/limits";
import { quoteWindows } from "@sched/core/queries/quote-windows";
import { ZQuoteWindowPick, ZQuoteWindows, ZQuoteWindowsQuery, ZVisitTokenParams } from "@sched/shared-types";
import { Router } from "express";
import { REVALIDATE_ALWAYS } from "../http/cache-headers";
import { clientAddress } from "../http/client-address";
import { route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

/** Mounted at the API's root. */
export const quoteWindowsRouter = Router();

quoteWindowsRouter.get(
  apiTokenPath("/public/quotes/:token/windows"),
  route(
    { access: "public", params: ZVisitTokenParams, query: ZQuoteWindowsQuery, response: ZQuoteWindows },
    ({ params, query, res }) => {
      res.setHeader("Cache-Control", REVALIDATE_ALWAYS);
      return quoteWindows(params.token, query);
    },
  ),
);

quoteWindowsRouter.post(
  apiTokenPath("/public/quotes/:token/window"),
  route(
    { access: "public", params: ZVisitTokenParams, body: ZQuoteWindowPick, response: ZQuoteWindows },
    async ({ params, body, req, res }) => {
      await consume(quoteAnswersByNetwork, clientAddress(req));
      res.setHeader("Cache-Control", REVALIDATE_ALWAYS);
      return chooseQuoteWindow(params.token, body);
    },
  ),
);
