/**
 * When an invoice's work was done (`invoices.work_done_at`, docs/numbers.md "Speed"): the
 * latest completion of its jobs, kept by the database's triggers (migration 0047) whatever
 * path changes a job's completion or an invoice's jobs, so the owner's days to paid read it
 * from the invoice.
 */
import { db } from "@sched/core/db/client";
import { invoices, jobs } from "@sched/core/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoicingTenant } from "./invoices-support";

const at = (iso: string) => new Date(iso);

async function twoJobInvoice() {
  const tenant = await invoicingTenant();
  const [first, second] = [await tenant.jobWithItems(), await tenant.jobWithItems()];
  const complete = (id: string, when: string) =>
    db
      .update(jobs)
      .set({ status: "completed", completedAt: at(when) })
      .where(eq(jobs.id, id));
  await complete(first.id, "2026-03-02T15:00:00Z");
  await complete(second.id, "2026-03-03T18:30:00Z");
  const invoice = await tenant.invoiceJobs([first.id, second.id]);
  const workDone = async () =>
    (await db.select({ at: invoices.workDoneAt }).from(invoices).where(eq(invoices.id, invoice.id)))[0].at;
  return { ...tenant, first, second, complete, workDone };
}

describe("an invoice's work done", () => {
  it("is the latest completion of its jobs when it is made", async () => {
    const { workDone } = await twoJobInvoice();
    expect(await workDone()).toEqual(at("2026-03-03T18:30:00Z"));
  });

  it("follows a job reopened, completed again, or moved to another day's completion, by any path", async () => {
    const { office, second, complete, workDone } = await twoJobInvoice();
    const [row] = await db.select().from(jobs).where(eq(jobs.id, second.id));
    const reopened = await office
      .put(`/api/jobs/${second.id}`)
      .send({ status: "in_progress", version: row.version });
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(await workDone()).toEqual(at("2026-03-02T15:00:00Z"));
    await complete(second.id, "2026-03-05T09:00:00Z");
    expect(await workDone()).toEqual(at("2026-03-05T09:00:00Z"));
  });

  it("forgets a job deleted for good, and is empty when no job of it is done", async () => {
    const { first, second, workDone } = await twoJobInvoice();
    await db.delete(jobs).where(eq(jobs.id, second.id));
    expect(await workDone()).toEqual(at("2026-03-02T15:00:00Z"));
    await db.update(jobs).set({ status: "scheduled", completedAt: null }).where(eq(jobs.id, first.id));
    expect(await workDone()).toBeNull();
  });
});
