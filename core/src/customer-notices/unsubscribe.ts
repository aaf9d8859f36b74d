/**
 * POST /api/unsubscribe/:token (docs/customers.md): the customer or the
 * address the token names gets no more booking notices from the company. Repeating it
 * changes nothing and answers the same.
 */
import type { UnsubscribeDTO } from "@sched/shared-types";
import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companies, customers, noticeOptOuts } from "../db/schema";
import { NotFound } from "../errors";
import { presentOptOut } from "../presenters/customers";
import { addresseeOfToken } from "./unsubscribe-token";

export const UNSUBSCRIBE_NOT_FOUND = "This unsubscribe link is not valid";

export async function unsubscribeCustomer(token: string, now = new Date()): Promise<UnsubscribeDTO> {
  const addressee = addresseeOfToken(token);
  if (!addressee) throw new NotFound(UNSUBSCRIBE_NOT_FOUND);
  if ("customerId" in addressee) return unsubscribeOne(addressee.customerId, now);
  return unsubscribeAddress(addressee.companyId, addressee.email, now);
}

async function unsubscribeOne(customerId: string, now: Date): Promise<UnsubscribeDTO> {
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
  return presentOptOut(found.companyName, found.optedOutAt);
}

async function unsubscribeAddress(companyId: string, email: string, now: Date): Promise<UnsubscribeDTO> {
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  // A deleted company's link names no one any more.
  if (!company) throw new NotFound(UNSUBSCRIBE_NOT_FOUND);
  await db
    .insert(noticeOptOuts)
    .values({ companyId, email: email.toLowerCase(), optedOutAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .select({ optedOutAt: noticeOptOuts.optedOutAt })
    .from(noticeOptOuts)
    .where(and(eq(noticeOptOuts.companyId, companyId), eq(noticeOptOuts.email, sql`lower(${email})`)));
  return presentOptOut(company.name, row?.optedOutAt ?? now);
}
