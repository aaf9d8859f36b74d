/**
 * A save never waits for or fails on the geocoding queue (docs/places.md): with Redis away,
 * customers and jobs save within the outage bound with their offline place, and the row
 * stays one the places sweep finds later. This file's Redis is a port nobody listens on.
 */
import { createCustomer, updateCustomer } from "@sched/core/commands/save-customer";
import { createJob } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { customers } from "@sched/core/db/schema";
import { createGeocoder, setGeocoder } from "@sched/core/places/geocoder";
import { normalizeAddress } from "@sched/core/places/normalize";
import { warmPlaceData } from "@sched/core/places/offline-data";
import { placeNeedsStreetLookup } from "@sched/core/places/on-save";
import { sweepStreetPlaces } from "@sched/core/places/street-lookup";
import { closeQueues, enqueueStreetLookup } from "@sched/core/queues";
import { buildCompany } from "@sched/core/test/factories";
import { startGeocoderStub } from "@sched/core/test/geocoder-stub";
import { ZCustomerFields, ZJobCreate } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const { sharedRedisUrl } = await vi.hoisted(async () => {
  const { createServer } = await import("node:net");
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
  const shared = process.env.REDIS_URL;
  // Read at import by core's config: every Redis connection of this file finds nobody there.
  process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
  return { sharedRedisUrl: shared };
});

/** The outage bound of docs/reliability.md: every answer within 2 s. */
const WITHIN_MS = 2000;

let stub: Awaited<ReturnType<typeof startGeocoderStub>>;
beforeAll(async () => {
  stub = await startGeocoderStub(() => ({ body: [] }));
  setGeocoder(createGeocoder({ url: stub.url }));
  // Loaded once per process, as the web process does when it starts: not the save's time.
  warmPlaceData();
});
afterAll(async () => {
  setGeocoder(undefined);
  await closeQueues();
  await stub.close();
  process.env.REDIS_URL = sharedRedisUrl;
});

async function timed<T>(run: () => Promise<T>) {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

describe("saving while Redis is away, with a geocoder configured", () => {
  it("saves customers and jobs as usual, with their offline place; the sweep finds them later", async () => {
    const { company, owner } = await buildCompany();
    const member = { companyId: company.id, userId: owner.id, role: "owner" as const, isReadOnly: false };

    const created = await timed(() =>
      createCustomer(
        member,
        ZCustomerFields.parse({ name: "Outage Customer", address: "12 Oak Rd, Springfield, IL 62701" }),
      ),
    );
    expect(created.ms).toBeLessThan(WITHIN_MS);
    expect(created.value.place).toMatchObject({ precision: "postal" });

    const updated = await timed(() =>
      updateCustomer(
        member,
        created.value.id,
        ZCustomerFields.parse({
          name: "Outage Customer",
          address: "1 Lake St, Chicago, IL 60601",
        }),
      ),
    );
    expect(updated.ms).toBeLessThan(WITHIN_MS);
    expect(updated.value.address).toBe("1 Lake St, Chicago, IL 60601");

    const job = await timed(() =>
      createJob(
        member,
        ZJobCreate.parse({
          companyId: company.id,
          type: "Repair",
          location: "9 Elm St, Springfield, IL 62701",
        }),
      ),
    );
    expect(job.ms).toBeLessThan(WITHIN_MS);
    expect(job.value.place).toMatchObject({ precision: "postal" });

    const [row] = await db.select().from(customers).where(eq(customers.id, created.value.id));
    expect(placeNeedsStreetLookup(row)).toBe(true);
    // What the saves' hook did: the queue refuses, quickly, and nothing is thrown.
    const target = { companyId: company.id, kind: "customer" as const, id: row.id };
    const enqueued = await timed(() => enqueueStreetLookup(target, normalizeAddress(row.address) ?? ""));
    expect(enqueued).toMatchObject({ value: false });
    expect(enqueued.ms).toBeLessThan(WITHIN_MS);
    // The sweep cannot queue either, and says so without throwing; nobody asked the service.
    expect((await timed(() => sweepStreetPlaces({ companyId: company.id }))).value).toMatchObject({
      queued: 0,
    });
    expect(stub.requests).toHaveLength(0);
  });
});
