/**
 * Who no longer gets texts (docs/customers.md, "Text messages"). All companies send from one
 * number (TWILIO_FROM), and a STOP to it blocks that number at Twilio for every company, so
 * a STOP (or Twilio's 21610 on a send) is recorded everywhere the number is known: on each
 * company's customer with it (`sms_opted_out_at`) and in each company's `sms_opt_out`, which
 * also holds numbers that were texted without being a customer's. START undoes both.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { db } from "../db/client";
import { customerNotices, customers, smsOptOuts } from "../db/schema";
import { presentCustomer } from "../presenters/customers";
import { publish } from "../publish";

/** Why texts to `to` stop, or undefined while they may go. */
export async function textRefusalOf(to: {
  companyId: string;
  customerId: string | null;
  phone: string;
}): Promise<string | undefined> {
  if (to.customerId) {
    const [customer] = await db
      .select({ optedOutAt: customers.smsOptedOutAt })
      .from(customers)
      .where(and(eq(customers.id, to.customerId), eq(customers.companyId, to.companyId)));
    if (!customer) return "customer deleted";
    if (customer.optedOutAt) return "customer opted out of texts";
  }
  const [number] = await db
    .select({ optedOutAt: smsOptOuts.optedOutAt })
    .from(smsOptOuts)
    .where(and(eq(smsOptOuts.companyId, to.companyId), eq(smsOptOuts.phone, to.phone)));
  return number ? "number opted out of texts" : undefined;
}

/** The companies that know `phone`: a customer has it, or a text went (or is owed) to it. */
async function companiesKnowing(phone: string): Promise<string[]> {
  const rows = await db.execute<{ company_id: string }>(sql`
    select company_id from ${customers} where phone_normalized = ${phone}
    union
    select company_id from ${customerNotices} where channel = 'sms' and recipient = ${phone}
  `);
  return rows.rows.map((row) => row.company_id);
}

/** The office's customer pages hear of a changed opt-out as of any customer change. */
function announce(changed: (typeof customers.$inferSelect)[]) {
  for (const row of changed) publish(row.companyId, "customer.updated", presentCustomer(row));
}

/** STOP: no more texts to `phone` from any company that knows it. Repeats keep the first time. */
export async function optOutNumber(phone: string, now = new Date()): Promise<number> {
  const companyIds = await companiesKnowing(phone);
  if (companyIds.length === 0) return 0;
  const changed = await db.transaction(async (tx) => {
    await tx
      .insert(smsOptOuts)
      .values(companyIds.map((companyId) => ({ companyId, phone, optedOutAt: now })))
      .onConflictDoNothing();
    return tx
      .update(customers)
      .set({ smsOptedOutAt: now })
      .where(
        and(
          eq(customers.phoneNormalized, phone),
          inArray(customers.companyId, companyIds),
          isNull(customers.smsOptedOutAt),
        ),
      )
      .returning();
  });
  announce(changed);
  return companyIds.length;
}

/** START: texts to `phone` may go again, from every company. */
export async function optInNumber(phone: string): Promise<void> {
  const changed = await db.transaction(async (tx) => {
    await tx.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    return tx
      .update(customers)
      .set({ smsOptedOutAt: null })
      .where(and(eq(customers.phoneNormalized, phone), isNotNull(customers.smsOptedOutAt)))
      .returning();
  });
  announce(changed);
}
