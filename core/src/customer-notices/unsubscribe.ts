/**
 * POST /api/unsubscribe/:token (docs/customers.md, "Unsubscribe"): the customer the token
 * names gets no more booking notices. Repeating it changes nothing and answers the same.
 */
import { and, eq, isNull } from "drizzle-orm";
import { db } from "../db/client";
import { companies, customers } from "../db/schema";
import { NotFound } from "../errors";
import { customerIdOfToken } from "./unsubscribe-token";

export const UNSUBSCRIBE_NOT_FOUND = "This unsubscribe link is not valid";

export type UnsubscribeResult = { companyName: string; optedOutAt: string };

export async function unsubscribeCustomer(token: string, now = new Date()): Promise<UnsubscribeResult> {
  const customerId = customerIdOfToken(token);
  if (!customerId) throw new NotFound(UNSUBSCRIBE_NOT_FOUND);
  // The first opt-out's time stays: a repeat (a mail client's one-click, then the page) is a no-op.
  await db
    .update(customers)
    .set({ noticesOptedOutAt: now })
    .where(and(eq(customers.id, customerId), isNull(customers.noticesOptedOutAt)));
  const [found] = await db
    .select({ optedOutAt: customers.noticesOptedOutAt, companyName: companies.name })
    .from(customers)
    .innerJoin(companies, eq(companies.id, customers.companyId))
    .where(eq(customers.id, customerId));
  // A deleted customer's link names no one any more.
  if (!found?.optedOutAt) throw new NotFound(UNSUBSCRIBE_NOT_FOUND);
  return { companyName: found.companyName, optedOutAt: found.optedOutAt.toISOString() };
}
