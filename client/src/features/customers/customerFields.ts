/** Pure helpers of the customer screens (docs/customers.md), kept apart so tests need no React. */
import type { CustomerDTO, CustomerImportResultDTO } from "@sched/shared-types";

/** The job form's fields a picked customer fills (docs/customers.md). */
type FilledFields = {
  customerId?: string | null;
  location?: string;
  customerEmail?: string;
  customerPhone?: string;
};

/** What picking `customer` writes into the job form: their id, and each contact detail they have. */
export function fieldsFromCustomer(customer: CustomerDTO): FilledFields {
  return {
    customerId: customer.id,
    ...(customer.address ? { location: customer.address } : {}),
    ...(customer.email ? { customerEmail: customer.email } : {}),
    ...(customer.phone ? { customerPhone: customer.phone } : {}),
  };
}

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 new, 1 updated, 2 skipped": what an import did, or would do. */
export function importSummary(result: CustomerImportResultDTO): string {
  return `${plural(result.created, "new customer", "new customers")}, ${result.updated} updated, ${result.skipped} skipped`;
}
