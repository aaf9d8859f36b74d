/**
 * Who a job's text messages go to (docs/customers.md, "Text messages"): the job's own phone,
 * else its customer's, when it is a number that takes texts (a mobile, E.164) and has not
 * opted out. A job with a phone and no customer is linked to the company's customer with
 * that number, as its e-mails link by address; with none, the text goes to the number alone.
 */
import { and, eq, isNull } from "drizzle-orm";
import { findCustomer } from "../commands/find-or-create-customer";
import { db } from "../db/client";
import { customers, jobs } from "../db/schema";
import { normalizePhone, textNumberOf } from "../lib/phones";
import { loadCompanySettings } from "../queries/company-settings";
import { textRefusalOf } from "../texts/opt-out";
import type { TextRecipient } from "./write-notice";

type JobRow = typeof jobs.$inferSelect;

export async function textRecipientOf(job: JobRow): Promise<TextRecipient | undefined> {
  const { country } = await loadCompanySettings(job.companyId);
  let customer: { id: string; phone: string | null } | undefined;
  if (job.customerId) {
    [customer] = await db
      .select({ id: customers.id, phone: customers.phoneNormalized })
      .from(customers)
      .where(and(eq(customers.id, job.customerId), eq(customers.companyId, job.companyId)));
  } else if (job.customerPhone) {
    const found = await findCustomer(db, job.companyId, { phone: job.customerPhone, email: null });
    if (found) {
      customer = { id: found.id, phone: found.phoneNormalized };
      // Only fills an empty field, so it never bumps the version of a job being edited.
      await db
        .update(jobs)
        .set({ customerId: found.id })
        .where(and(eq(jobs.id, job.id), isNull(jobs.customerId)));
    }
  }
  const phone = textNumberOf(normalizePhone(job.customerPhone, country) ?? customer?.phone, country);
  if (!phone) return undefined;
  const customerId = customer?.id ?? null;
  const refusal = await textRefusalOf({ companyId: job.companyId, customerId, phone });
  return refusal ? undefined : { customerId, phone };
}
