import type { CustomerDTO, UnsubscribeDTO } from "@sched/shared-types";
import type { customers } from "../db/schema";
import { textNumberOf } from "../lib/phones";
import { presentPlace } from "./places";

/** The stored key is E.164 for a whole number; a short local one (digits alone) never takes texts. */
const isTextable = (key: string | null) => key?.startsWith("+") === true && textNumberOf(key) !== null;

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
    channels: {
      sms: row.smsOptedOutAt ? "opted_out" : isTextable(row.phoneNormalized) ? "on" : "none",
      email: row.noticesOptedOutAt ? "opted_out" : row.email ? "on" : "none",
    },
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
