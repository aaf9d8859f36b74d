import type { CustomerDTO, UnsubscribeDTO } from "@sched/shared-types";
import type { customers } from "../db/schema";
import { presentPlace } from "./places";

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
    place: presentPlace(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** A customer's or an address's opt-out from a company's notices, as the unsubscribe page shows it. */
export const presentOptOut = (companyName: string, optedOutAt: Date): UnsubscribeDTO => ({
  companyName,
  optedOutAt: optedOutAt.toISOString(),
});
