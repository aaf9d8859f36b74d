import type { CustomerDTO } from "@sched/shared-types";
import type { customers } from "../db/schema";

/** A customer as the API answers it (docs/customers.md). */
export function presentCustomer(row: typeof customers.$inferSelect): CustomerDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    phone: row.phone,
    email: row.email,
    address: row.address,
    notes: row.notes,
    noticesOptedOut: row.noticesOptedOutAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
