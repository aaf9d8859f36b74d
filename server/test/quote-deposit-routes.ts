/**
 * A quote's deposit on the customer's page (docs/quotes.md, "Deposit") for the role matrix
 * (role-matrix-routes.ts) and the property suite (property-input-targets.ts): the routes
 * open by their token alone, whoever calls. The test server runs without Stripe keys: the
 * deposit answers the demo step and the demo payment is recorded.
 */
import { db } from "@sched/core/db/client";
import { quotes } from "@sched/core/db/schema";
import { eq } from "drizzle-orm";
import { storedQuote } from "./quote-routes";
import type { Entry } from "./role-matrix-support";

/** An approved quote of 10.00 asking a deposit of 2.50, and its page's token. */
async function approvedWithDeposit(companyId: string): Promise<string> {
  const { quote, option, token } = await storedQuote(companyId);
  await db
    .update(quotes)
    .set({
      status: "approved",
      approvedOptionId: option.id,
      approvedBy: "Quinn",
      approvedAt: new Date(),
      depositAmount: 250,
    })
    .where(eq(quotes.id, quote.id));
  return token;
}

const anyone = { owner: 200, admin: 200, employee: 200, nonMember: 200 } as const;

export const QUOTE_DEPOSIT_ROUTES: Entry[] = [
  {
    route: "POST /api/public/quotes/:token/deposit",
    path: async (c) => `/api/public/quotes/${await approvedWithDeposit(c.companyId)}/deposit`,
    expected: anyone,
  },
  {
    route: "POST /api/public/quotes/:token/demo-deposit",
    path: async (c) => `/api/public/quotes/${await approvedWithDeposit(c.companyId)}/demo-deposit`,
    expected: anyone,
  },
];

/** No body to break: the property suite walks their paths (a token of any shape is a 404). */
export const QUOTE_DEPOSIT_PATH_ONLY_ROUTES = [
  "POST /api/public/quotes/:token/deposit",
  "POST /api/public/quotes/:token/demo-deposit",
];
