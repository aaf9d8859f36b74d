/**
 * A customer's unsubscribe link (docs/customers.md): public, the token being
 * the key. POST, not GET, so a mail scanner opening links never unsubscribes anyone; the
 * page at /unsubscribe/:token posts it, and so does a mail client's one-click button.
 */
import { unsubscribeCustomer } from "@sched/core/customer-notices/unsubscribe";
import { type UnsubscribeDTO, ZUnsubscribed, ZUnsubscribeParams } from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

export const unsubscribeRouter = Router();

unsubscribeRouter.post(
  apiTokenPath("/unsubscribe/:token"),
  route(
    { access: "public", params: ZUnsubscribeParams, response: ZUnsubscribed },
    ({ params }): Promise<UnsubscribeDTO> => unsubscribeCustomer(params.token),
  ),
);
