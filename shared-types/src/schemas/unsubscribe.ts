/**
 * A customer's unsubscribe link (docs/customers.md): the page at
 * /unsubscribe/:token posts the token to the API, as does a mail client's one-click button.
 */
import { z } from "zod";
import { ZMomentText } from "./common";

/** Any string: a malformed or forged token is simply not found (404). */
export const ZUnsubscribeParams = z.object({ token: z.string() });

/** POST /api/unsubscribe/:token answers whose e-mails stop; a repeat answers the same. */
export const ZUnsubscribed = z
  .object({ companyName: z.string(), optedOutAt: ZMomentText })
  .meta({ id: "Unsubscribed" });
export type UnsubscribeDTO = z.infer<typeof ZUnsubscribed>;
