/**
 * How calls and jobs point at customers (docs/customers.md): an id named by the client must
 * be the company's own; a call logged without one links the customer with its phone, if
 * any; a job booked from a call takes the call's customer, made from the call when no
 * customer has that phone.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { callRecords, customers } from "../db/schema";
import { BadRequest } from "../errors";
import { normalizePhone } from "../lib/phones";
import { presentCustomer } from "../presenters/customers";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { type CustomerRow, findOrCreateCustomerOutcome } from "./find-or-create-customer";

export const CUSTOMER_NOT_IN_COMPANY = "Customer is not part of this company";

export async function assertCustomerOfCompany(executor: Executor, companyId: string, customerId: string) {
  const [customer] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
  if (!customer)
    throw new BadRequest(CUSTOMER_NOT_IN_COMPANY, [{ path: "customerId", message: CUSTOMER_NOT_IN_COMPANY }]);
}

/**
 * The one phone rule past the forms' (docs/customers.md): a phone that may become a
 * customer's must be a number in the company's country; 400 on `field` otherwise.
 */
export async function assertPhoneNumber(
  executor: Executor,
  companyId: string,
  phone: string,
  field: string,
  message: string,
): Promise<void> {
  const { country } = await loadCompanySettings(companyId, executor);
  if (!normalizePhone(phone, country)) throw new BadRequest(message, [{ path: field, message }]);
}

/** The existing customer with this phone number, without making one. */
export async function customerIdByPhone(
  executor: Executor,
  companyId: string,
  phone: string,
): Promise<string | null> {
  const { country } = await loadCompanySettings(companyId, executor);
  const phoneNormalized = normalizePhone(phone, country);
  if (!phoneNormalized) return null;
  const [found] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.phoneNormalized, phoneNormalized)));
  return found?.id ?? null;
}

/**
 * The customer of a job booked from a call: the call's own, else the one found or made from
 * the call's contact details, which the call then links too. `created` is to be announced
 * after commit (announceCreatedCustomer).
 */
export async function customerOfCall(
  tx: Executor,
  companyId: string,
  callRecordId: string,
  actorUserId: string | null,
): Promise<{ customerId: string | null; created?: CustomerRow }> {
  const [call] = await tx
    .select()
    .from(callRecords)
    .where(and(eq(callRecords.id, callRecordId), eq(callRecords.companyId, companyId)));
  if (!call) return { customerId: null };
  if (call.customerId) return { customerId: call.customerId };
  const { customer, created } = await findOrCreateCustomerOutcome(
    tx,
    companyId,
    {
      name: call.customerName,
      phone: call.customerPhone,
      email: call.customerEmail,
      address: call.customerAddress,
    },
    actorUserId,
  );
  // The link is bookkeeping, not an edit of the call: its version stays as the office saw it.
  await tx.update(callRecords).set({ customerId: customer.id }).where(eq(callRecords.id, call.id));
  return { customerId: customer.id, created: created ? customer : undefined };
}

export function announceCreatedCustomer(row: CustomerRow | undefined) {
  if (row) publish(row.companyId, "customer.created", presentCustomer(row));
}
