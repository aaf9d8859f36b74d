/**
 * Whether a notice may still go to whom it is addressed (docs/customers.md):
 * a customer who followed their link, or an address that followed its own, hears nothing
 * more from the company; a notice whose customer was deleted goes to no one.
 */
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { customers, noticeOptOuts } from "../db/schema";

export type NoticeAddressee = {
  companyId: string;
  customerId: string | null;
  /** Addressed to a job's e-mail alone: no customer to look up. */
  addressOnly: boolean;
  email: string;
};

/** Why notices to `to` stop, or undefined while they may go out. */
export async function refusalOf(to: NoticeAddressee): Promise<string | undefined> {
  if (!to.addressOnly) {
    if (!to.customerId) return "customer deleted";
    const [customer] = await db
      .select({ optedOutAt: customers.noticesOptedOutAt })
      .from(customers)
      .where(and(eq(customers.id, to.customerId), eq(customers.companyId, to.companyId)));
    if (!customer) return "customer deleted";
    if (customer.optedOutAt) return "customer unsubscribed";
  }
  // The address itself may have unsubscribed, from a notice sent before it was a customer's.
  const [address] = await db
    .select({ optedOutAt: noticeOptOuts.optedOutAt })
    .from(noticeOptOuts)
    .where(and(eq(noticeOptOuts.companyId, to.companyId), eq(noticeOptOuts.email, to.email.toLowerCase())));
  return address ? "address unsubscribed" : undefined;
}
