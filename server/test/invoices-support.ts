/** A company ready to invoice: a tax rate, a priced item, a linked technician and a job with items. */
import { db } from "@sched/core/db/client";
import { companyUsers, jobItems } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { and, eq } from "drizzle-orm";
import { agentFor } from "./support";

export const usd = (amount: number) => ({ amount, currency: "USD" });

export async function invoicingTenant() {
  const tenant = await buildTenant();
  const { company, employee, employeeUser } = tenant;
  await db
    .update(companyUsers)
    .set({ employeeId: employee.id })
    .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, employeeUser.id)));
  const office = await agentFor(tenant.owner);
  const settings = await office
    .put(`/api/companies/${company.id}/money-settings`)
    .send({ taxRates: [{ name: "Sales tax", percent: 8.875 }], documentAddress: "9 Pipe Lane, Springfield" });
  const rate = settings.body.taxRates[0] as { id: string; name: string; percent: number };
  /** A job of the technician with items: 1.5 h at 95.00 taxed 8.875 %, and a typed 10.05 untaxed. */
  const jobWithItems = async () => {
    const job = await buildJob(company.id, employee.id);
    // One by one, as a technician adds them: the lines keep this order.
    await db.insert(jobItems).values({
      companyId: company.id,
      jobId: job.id,
      name: "Labour",
      quantityThousandths: 1500,
      unitPrice: 9_500,
      currency: "USD",
      taxPercentThousandths: 8875,
      taxRateName: "Sales tax",
    });
    await db.insert(jobItems).values({
      companyId: company.id,
      jobId: job.id,
      name: "Washer",
      quantityThousandths: 1000,
      unitPrice: 1_005,
      currency: "USD",
    });
    return job;
  };
  return { ...tenant, office, tech: await agentFor(employeeUser), rate, jobWithItems };
}
