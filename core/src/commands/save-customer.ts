/**
 * Adding, changing and deleting customers (docs/customers.md). The phone is kept as typed and
 * as E.164 for the company's country; two customers never share a normalised phone (409
 * conflict naming the one that has it).
 */
import {
  CUSTOMER_NOT_FOUND,
  CUSTOMER_PHONE_NOT_A_NUMBER,
  CUSTOMER_PHONE_TAKEN,
  type CustomerDTO,
  type TCustomerFields,
} from "@sched/shared-types";
import { and, eq, ne, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { callRecords, customers, jobs } from "../db/schema";
import { BadRequest, Conflict, NotFound } from "../errors";
import { normalizePhone } from "../lib/phones";
import { customerSearchText } from "../lib/search-text";
import { placeOnSave } from "../places/on-save";
import { requestStreetLookup } from "../places/street-lookup";
import type { CompanyAccess } from "../policies/company-access";
import { presentCustomer } from "../presenters/customers";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { assertCurrentVersion, nextVersion } from "./versions";

/** The columns a customer's fields make: the phone normalised, the search text folded. */
export function customerColumns(fields: TCustomerFields, country: string) {
  const phoneNormalized = normalizePhone(fields.phone, country);
  const values = {
    name: fields.name,
    phone: fields.phone ?? null,
    phoneNormalized,
    email: fields.email ?? null,
    address: fields.address ?? null,
    notes: fields.notes ?? null,
  };
  return { ...values, searchText: customerSearchText(values) };
}

/**
 * The customer's columns and the company's country (for the place, docs/places.md), or 400
 * when the phone is no number in that country.
 */
async function columnsOrThrow(executor: Executor, companyId: string, fields: TCustomerFields) {
  const { country } = await loadCompanySettings(companyId, executor);
  const columns = customerColumns(fields, country);
  if (fields.phone && !columns.phoneNormalized) {
    throw new BadRequest(CUSTOMER_PHONE_NOT_A_NUMBER, [
      { path: "phone", message: CUSTOMER_PHONE_NOT_A_NUMBER },
    ]);
  }
  return { columns, country };
}

/** 409 conflict naming the other customer with this phone, if there is one. */
async function assertPhoneFree(
  executor: Executor,
  companyId: string,
  phoneNormalized: string | null,
  exceptId?: string,
) {
  if (!phoneNormalized) return;
  const [other] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        eq(customers.phoneNormalized, phoneNormalized),
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    );
  if (other) throw new Conflict(CUSTOMER_PHONE_TAKEN, { existingId: other.id });
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === "23505" ||
  (error as { cause?: { code?: string } }).cause?.code === "23505";

/** Two saves of one number at once: the loser answers the same 409 as if it had come second. */
async function conflictOnRace<T>(companyId: string, phoneNormalized: string | null, save: () => Promise<T>) {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error)) await assertPhoneFree(db, companyId, phoneNormalized);
    throw error;
  }
}

export async function createCustomer(member: CompanyAccess, input: TCustomerFields): Promise<CustomerDTO> {
  const { companyId } = member;
  const { columns, country } = await columnsOrThrow(db, companyId, input);
  await assertPhoneFree(db, companyId, columns.phoneNormalized);
  const place = placeOnSave(undefined, columns.address, country);
  const [row] = await conflictOnRace(companyId, columns.phoneNormalized, () =>
    db
      .insert(customers)
      .values({ ...columns, ...place, companyId, updatedBy: member.userId })
      .returning(),
  );
  const customer = presentCustomer(row);
  publish(companyId, "customer.created", customer);
  // The street-level place comes later from the worker, when a geocoder is configured (docs/places.md).
  await requestStreetLookup({ companyId, kind: "customer", id: row.id }, row);
  return customer;
}

/** Changes a customer on its locked row, from the version the client last saw (409 stale when another). */
export async function updateCustomer(
  member: CompanyAccess,
  id: string,
  input: TCustomerFields,
  expectedVersion?: number,
): Promise<CustomerDTO> {
  const { companyId } = member;
  const { columns, country } = await columnsOrThrow(db, companyId, input);
  let addressBefore: string | null = null;
  const row = await conflictOnRace(companyId, columns.phoneNormalized, () =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
      if (!locked) throw new NotFound(CUSTOMER_NOT_FOUND);
      addressBefore = locked.address;
      await assertCurrentVersion(tx, locked, expectedVersion, "customer", () => presentCustomer(locked));
      await assertPhoneFree(tx, companyId, columns.phoneNormalized, id);
      const [updated] = await tx
        .update(customers)
        // A new address gets a new place; the same one keeps it, a pin included (docs/places.md).
        .set({
          ...columns,
          ...placeOnSave(locked, columns.address, country),
          ...nextVersion(locked, member.userId),
        })
        .where(eq(customers.id, id))
        .returning();
      return updated;
    }),
  );
  const customer = presentCustomer(row);
  publish(companyId, "customer.updated", customer);
  await requestStreetLookup({ companyId, kind: "customer", id }, row, addressBefore);
  return customer;
}

/**
 * Deletes a customer; their jobs and calls stay, with the contact details copied into them.
 * The links clear here rather than by ON DELETE SET NULL, so the jobs' and calls' versions
 * grow as with any change (docs/api.md). Deleting one already gone changes nothing.
 */
export async function deleteCustomer(member: CompanyAccess, id: string): Promise<void> {
  const bump = { updatedBy: member.userId, updatedAt: new Date() };
  const isDeleted = await db.transaction(async (tx) => {
    await tx
      .update(jobs)
      .set({ customerId: null, version: sql`${jobs.version} + 1`, ...bump })
      .where(eq(jobs.customerId, id));
    await tx
      .update(callRecords)
      .set({ customerId: null, version: sql`${callRecords.version} + 1`, ...bump })
      .where(eq(callRecords.customerId, id));
    const gone = await tx.delete(customers).where(eq(customers.id, id)).returning({ id: customers.id });
    return gone.length > 0;
  });
  if (isDeleted) publish(member.companyId, "customer.deleted", { id, companyId: member.companyId });
}
