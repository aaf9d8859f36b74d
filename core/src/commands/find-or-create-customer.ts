/**
 * The customer a call or a booking is about (docs/customers.md): the company's customer with
 * the same phone number once normalised, else the same e-mail, else a new one made from
 * what the caller gave. Runs in the caller's transaction; the caller publishes
 * `customer.created` after commit when `created` is true (findOrCreateCustomerOutcome).
 */
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { customers } from "../db/schema";
import { normalizePhone } from "../lib/phones";
import { customerSearchText } from "../lib/search-text";
import { placeOnSave } from "../places/on-save";
import { loadCompanySettings } from "../queries/company-settings";

export type CustomerRow = typeof customers.$inferSelect;

export type CustomerContact = {
  name: string;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
};

export type FoundOrCreated = { customer: CustomerRow; created: boolean };

async function findByPhoneOrEmail(
  executor: Executor,
  companyId: string,
  phoneNormalized: string | null,
  email: string | null,
): Promise<CustomerRow | undefined> {
  if (phoneNormalized) {
    const [byPhone] = await executor
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.phoneNormalized, phoneNormalized)));
    if (byPhone) return byPhone;
  }
  if (email) {
    const [byEmail] = await executor
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
      .orderBy(customers.createdAt)
      .limit(1);
    if (byEmail) return byEmail;
  }
  return undefined;
}

/** The company's customer with this phone number (once normalised) or e-mail, if it has one; never makes one. */
export async function findCustomer(
  executor: Executor,
  companyId: string,
  contact: Pick<CustomerContact, "phone" | "email">,
): Promise<CustomerRow | undefined> {
  const { country } = await loadCompanySettings(companyId, executor);
  const email = contact.email?.trim() || null;
  return findByPhoneOrEmail(executor, companyId, normalizePhone(contact.phone, country), email);
}

export async function findOrCreateCustomerOutcome(
  executor: Executor,
  companyId: string,
  contact: CustomerContact,
  actorUserId?: string | null,
): Promise<FoundOrCreated> {
  const { country } = await loadCompanySettings(companyId, executor);
  const email = contact.email?.trim() || null;
  const phoneNormalized = normalizePhone(contact.phone, country);
  // One phone rule for every customer (docs/customers.md): text that is no number in the
  // company's country (an older call's "+++++++", a job's free text) never becomes one's phone.
  const phone = phoneNormalized ? contact.phone?.trim() || null : null;
  const existing = await findByPhoneOrEmail(executor, companyId, phoneNormalized, email);
  if (existing) return { customer: existing, created: false };

  const values = {
    companyId,
    name: contact.name.trim(),
    phone,
    phoneNormalized,
    email,
    address: contact.address?.trim() || null,
    updatedBy: actorUserId ?? null,
  };
  // Two bookings for one new number at once: the second insert yields to the first's row.
  const [inserted] = await executor
    .insert(customers)
    .values({
      ...values,
      searchText: customerSearchText(values),
      // Where they are, from the address the call took (docs/places.md).
      ...placeOnSave(undefined, values.address, country),
    })
    .onConflictDoNothing({
      target: [customers.companyId, customers.phoneNormalized],
      where: sql`${customers.phoneNormalized} is not null`,
    })
    .returning();
  if (inserted) return { customer: inserted, created: true };
  const raced = await findByPhoneOrEmail(executor, companyId, phoneNormalized, null);
  if (!raced) throw new Error("customer insert conflicted but no customer has the number");
  return { customer: raced, created: false };
}
