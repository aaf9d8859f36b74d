/**
 * Invoice numbers (docs/money.md): per company, from 1, no gap and no repeat, also when 50
 * invoices are made at once, and when some creations fail (a refused one gives its number
 * back: the counter row is taken in the creating transaction).
 */
import { db, pool } from "@sched/core/db/client";
import { invoices } from "@sched/core/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoicingTenant } from "./invoices-support";

/**
 * The test's pool waits its turn instead of failing fast (the app answers 503 after 1 s
 * without a connection, docs/reliability.md), with room for 20 transactions at once: the
 * burst is about numbering, not about a test process's 5 connections.
 */
type PoolOptions = { max: number; connectionTimeoutMillis: number };
const options = (pool as unknown as { options: PoolOptions }).options;
const saved = { ...options };
beforeAll(() => {
  options.max = 20;
  options.connectionTimeoutMillis = 30_000;
});
afterAll(() => {
  options.max = saved.max;
  options.connectionTimeoutMillis = saved.connectionTimeoutMillis;
});

describe("invoice numbering", () => {
  it("50 concurrent creations take 1..50, each once; the refused ones among them take none", async () => {
    const { company, office, jobWithItems } = await invoicingTenant();
    const jobList = await Promise.all(Array.from({ length: 50 }, () => jobWithItems()));
    // Ten more ask for a job already billed by one of the fifty: they fail, after or before it.
    const requests = [
      ...jobList.map((job) => office.post("/api/invoices").send({ companyId: company.id, jobIds: [job.id] })),
      ...jobList
        .slice(0, 10)
        .map((job) => office.post("/api/invoices").send({ companyId: company.id, jobIds: [job.id] })),
    ];
    const answers = await Promise.all(requests);
    const made = answers.filter((res) => res.status === 201);
    expect(made).toHaveLength(50);
    expect(answers.filter((res) => res.status === 409)).toHaveLength(10);
    const numbers = made.map((res) => res.body.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const stored = await db
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.companyId, company.id));
    expect(stored.map((row) => row.number).sort((a, b) => a - b)).toEqual(numbers);
  });

  it("numbers each company on its own", async () => {
    const first = await invoicingTenant();
    const second = await invoicingTenant();
    for (const { company, office, jobWithItems } of [first, second]) {
      const res = await office
        .post("/api/invoices")
        .send({ companyId: company.id, jobIds: [(await jobWithItems()).id] });
      expect(res.body.number).toBe(1);
    }
  });
});
