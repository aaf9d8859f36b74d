/** A company ready to invoice: a tax rate, a priced item, a linked technician and a job with items. */
import { db } from "@sched/core/db/client";
import { companyUsers, jobItems } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import type { InvoiceDTO } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
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
  /** The office invoices these jobs (POST /api/invoices, answered 201): the invoice. */
  const invoiceJobs = async (jobIds: string[]) => {
    const made = await office.post("/api/invoices").send({ companyId: company.id, jobIds });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as InvoiceDTO;
  };
  /** A new job with items, invoiced: 165.20. */
  const invoicedJob = async () => {
    const job = await jobWithItems();
    return { job, invoice: await invoiceJobs([job.id]) };
  };
  return {
    ...tenant,
    office,
    tech: await agentFor(employeeUser),
    rate,
    jobWithItems,
    invoiceJobs,
    invoicedJob,
  };
}
