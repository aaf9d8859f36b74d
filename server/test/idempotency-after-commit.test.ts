/**
 * A create whose change commits and whose answer then fails (here: the realtime publish
 * after commit throws) keeps its Idempotency-Key (docs/api.md): the retry answers the
 * stored answer and makes nothing a second time. A failure before commit still gives the
 * key back.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { customers, jobs } from "@sched/core/db/schema";
import { setPublisher } from "@sched/core/publish";
import { buildTenant } from "@sched/core/test/factories";
import { companyRoom } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { agentFor } from "./support";

const KEY = "Idempotency-Key";
const REPLAYED = "idempotent-replayed";

/** A publisher whose emit fails for one company's `event`: the change has committed by then. */
function failPublishing(companyId: string, event: string) {
  setPublisher({
    emit: (room, name) => {
      if (room === companyRoom(companyId) && name === event) throw new Error("publish failed after commit");
    },
    changeRooms: () => {},
    disconnect: () => {},
  });
}

afterEach(() => setPublisher(undefined));

describe("Idempotency-Key when the answer fails after commit", () => {
  it("answers a job create's retry from the stored answer, and one job exists", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const body = {
      companyId: company.id,
      employeeId: employee.id,
      type: "Plumbing",
      location: "12 Oak St",
      date: "2026-11-25",
      time: "10:30",
    };
    const key = randomUUID();
    failPublishing(company.id, "job.created");
    const first = await agent.post("/api/jobs").set(KEY, key).send(body);
    expect([first.status, first.body]).toEqual([500, { message: "Internal server error", code: "internal" }]);
    setPublisher(undefined);

    const retry = await agent.post("/api/jobs").set(KEY, key).send(body);
    expect([retry.status, retry.body, retry.headers[REPLAYED]]).toEqual([500, first.body, "true"]);
    expect(await db.select().from(jobs).where(eq(jobs.companyId, company.id))).toHaveLength(1);
  });

  it("answers a customer create's retry (a write outside a transaction) from the stored answer", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const body = { companyId: company.id, name: "Jane Doe", phone: "555-0100" };
    const key = randomUUID();
    failPublishing(company.id, "customer.created");
    const first = await agent.post("/api/customers").set(KEY, key).send(body);
    expect(first.status).toBe(500);
    setPublisher(undefined);

    const retry = await agent.post("/api/customers").set(KEY, key).send(body);
    expect([retry.status, retry.body, retry.headers[REPLAYED]]).toEqual([500, first.body, "true"]);
    expect(await db.select().from(customers).where(eq(customers.companyId, company.id))).toHaveLength(1);
  });

  it("still gives the key back when the change rolled back, so the retry runs again", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const agent = await agentFor(owner);
    const key = randomUUID();
    // Another company's technician: refused inside the create, before anything commits.
    const body = {
      companyId: company.id,
      employeeId: other.employee.id,
      type: "Plumbing",
      location: "12 Oak St",
      date: "2026-11-25",
    };
    const refused = await agent.post("/api/jobs").set(KEY, key).send(body);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const retry = await agent.post("/api/jobs").set(KEY, key).send(body);
    expect([retry.status, retry.body, retry.headers[REPLAYED]]).toEqual([
      refused.status,
      refused.body,
      undefined,
    ]);
  });
});
