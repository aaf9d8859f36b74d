/**
 * Street-level geocoding end to end (docs/places.md): saves queue a lookup carrying ids,
 * the worker asks a local stub of a Nominatim service (or the company's cache) and writes
 * the place through core, which publishes the change. A lookup never overwrites an address
 * changed meanwhile or a pin, and one company's cache never answers for another.
 */
import { recordStreetPlace } from "@sched/core/commands/record-street-place";
import { createCustomer, updateCustomer } from "@sched/core/commands/save-customer";
import { createJob } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { customers, geocodeCache, jobs } from "@sched/core/db/schema";
import { createGeocoder, type Geocoder, setGeocoder } from "@sched/core/places/geocoder";
import { normalizeAddress } from "@sched/core/places/normalize";
import { warmPlaceData } from "@sched/core/places/offline-data";
import { lookUpStreetPlace, StreetLookupFailed, sweepStreetPlaces } from "@sched/core/places/street-lookup";
import { closeQueues, getGeocodeQueue, streetLookupJobId } from "@sched/core/queues";
import { buildCompany, buildUnscheduledJob } from "@sched/core/test/factories";
import {
  type GeocoderStub,
  gate,
  nominatimHit,
  type StubReply,
  startGeocoderStub,
} from "@sched/core/test/geocoder-stub";
import { type ListeningPost, startListeningPost } from "@sched/core/test/sockets";
import {
  type CustomerDTO,
  companyRoom,
  GEOCODE_JOB_OPTIONS,
  type JobDTO,
  officeRoom,
  ZCustomerFields,
  ZJobCreate,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { geocodeBackoff } from "../src/jobs/look-up-street-place";
import { startWorkers } from "../src/workers";

/** How the stub answers the current test; a point per address by default. */
let answer: (q: string, index: number) => StubReply;
let stub: GeocoderStub;
let geocoder: Geocoder;
let post: ListeningPost;
let workers: ReturnType<typeof startWorkers>;

beforeAll(async () => {
  stub = await startGeocoderStub((request, index) => answer(request.url.searchParams.get("q") ?? "", index));
  geocoder = createGeocoder({ url: stub.url, timeoutMs: 1000, retryDelayMs: 20, maxTries: 2 });
  post = await startListeningPost();
  workers = startWorkers({ geocodeRequestsPerSecond: 100 });
  // The offline data loads once per process, as the web process does when it starts.
  warmPlaceData();
});
beforeEach(() => {
  answer = () => ({ body: [nominatimHit(39.7817, -89.6501)] });
  setGeocoder(geocoder);
});
afterAll(async () => {
  setGeocoder(undefined);
  await workers.close();
  await closeQueues();
  await post.close();
  await stub.close();
});

async function company() {
  const { company, owner } = await buildCompany();
  const member = { companyId: company.id, userId: owner.id, role: "owner" as const, isReadOnly: false };
  const socket = await post.listen([companyRoom(company.id), officeRoom(company.id)]);
  return { company, member, socket: heard(socket) };
}

type Heard = { event: string; payload: { id?: string; place?: { precision?: string } | null } };

/** Every event a socket hears, from now on, so none is missed between a save and the wait for its place. */
function heard(socket: Awaited<ReturnType<ListeningPost["listen"]>>) {
  const events: Heard[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: Heard["payload"]) => {
    events.push({ event, payload });
    for (const wake of waiters) wake();
  });
  return {
    /** The first `event` about row `id` with a street place. */
    placed<T>(event: string, id: string, ms = 10_000): Promise<T> {
      const find = () =>
        events.find(
          (e) => e.event === event && e.payload.id === id && e.payload.place?.precision === "street",
        );
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no placed ${event} for ${id} within ${ms} ms`));
        }, ms);
        function check() {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found.payload as T);
        }
        waiters.add(check);
        check();
      });
    },
  };
}

const customerRow = async (id: string) => (await db.select().from(customers).where(eq(customers.id, id)))[0];

/** Saves a customer with no geocoder in the way: nothing is queued. */
async function quietCustomer(member: Awaited<ReturnType<typeof company>>["member"], address: string) {
  setGeocoder(null);
  try {
    return await createCustomer(member, ZCustomerFields.parse({ name: "Quiet", address }));
  } finally {
    setGeocoder(geocoder);
  }
}

describe("street-level places from the worker", () => {
  it("places a new customer's address at street level and publishes the change; the payload carries ids only", async () => {
    const { member, socket } = await company();
    const address = "12 Oak Rd, Springfield, IL 62701";
    answer = () => ({ body: [nominatimHit(39.7817, -89.6501, "12 Oak Road, Springfield, Illinois")] });
    const before = stub.requestsFor(address).length;
    const saved = await createCustomer(member, ZCustomerFields.parse({ name: "Ann Oak", address }));
    const placed = socket.placed<CustomerDTO>("customer.updated", saved.id);
    // The offline place first (the ZIP code's centre), street level once the worker has been.
    expect(saved.place).toMatchObject({ precision: "postal" });
    const job = await getGeocodeQueue().getJob(
      streetLookupJobId(
        { companyId: member.companyId, kind: "customer", id: saved.id },
        normalizeAddress(address) ?? "",
      ),
    );
    if (job) expect(job.data).toEqual({ companyId: member.companyId, kind: "customer", id: saved.id });
    expect((await placed).place).toEqual({ lat: 39.7817, lng: -89.6501, precision: "street" });
    const row = await customerRow(saved.id);
    expect(row).toMatchObject({ placePrecision: "street", placeAddress: normalizeAddress(address) });
    // The place follows the address: the version (what the office's dialog holds) stays.
    expect(row.version).toBe(saved.version);
    expect(stub.requestsFor(address).length - before).toBe(1);
  });

  it("answers the same address from the company's cache: the service is asked once", async () => {
    const { member, socket } = await company();
    const address = "400 Cache Lane, Springfield, IL 62704";
    const first = await createCustomer(member, ZCustomerFields.parse({ name: "First", address }));
    await socket.placed("customer.updated", first.id);
    // Spelled differently, the same address once normalized.
    const second = await createCustomer(
      member,
      ZCustomerFields.parse({
        name: "Second",
        address: "400  cache lane, SPRINGFIELD, IL 62704",
      }),
    );
    const placed = await socket.placed<CustomerDTO>("customer.updated", second.id);
    expect(placed.place).toEqual({ lat: 39.7817, lng: -89.6501, precision: "street" });
    expect(stub.requestsFor(address)).toHaveLength(1);
    const cached = await db.select().from(geocodeCache).where(eq(geocodeCache.companyId, member.companyId));
    expect(cached).toEqual([
      expect.objectContaining({ addressKey: normalizeAddress(address), lat: 39.7817, precision: "street" }),
    ]);
    expect(cached[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(89 * 24 * 60 * 60 * 1000);
  });

  it("never answers one company from another company's cache", async () => {
    const address = "7 Shared Street, Springfield, IL 62702";
    answer = (_q, index) => ({ body: [nominatimHit(39.7 + index / 1000, -89.6)] });
    const one = await company();
    const a = await createCustomer(one.member, ZCustomerFields.parse({ name: "A", address }));
    const placedA = await one.socket.placed<CustomerDTO>("customer.updated", a.id);
    const two = await company();
    const b = await createCustomer(two.member, ZCustomerFields.parse({ name: "B", address }));
    const placedB = await two.socket.placed<CustomerDTO>("customer.updated", b.id);
    expect(stub.requestsFor(address)).toHaveLength(2);
    const requests = stub.requests.map((r) => r.url.searchParams.get("q"));
    const [firstIndex, secondIndex] = requests.flatMap((q, i) => (q === address ? [i] : []));
    expect(placedA.place).toMatchObject({ lat: 39.7 + firstIndex / 1000 });
    expect(placedB.place).toMatchObject({ lat: 39.7 + secondIndex / 1000 });
    const keys = await db
      .select({ companyId: geocodeCache.companyId })
      .from(geocodeCache)
      .where(eq(geocodeCache.addressKey, normalizeAddress(address) ?? ""));
    expect(keys.map((k) => k.companyId).sort()).toEqual([one.company.id, two.company.id].sort());
  });

  it("places a new job's location, and publishes job.updated", async () => {
    const { member, socket } = await company();
    const location = "55 Job Street, Springfield, IL 62703";
    const saved = await createJob(
      member,
      ZJobCreate.parse({ companyId: member.companyId, type: "Repair", location }),
    );
    const placed = await socket.placed<JobDTO>("job.updated", saved.id);
    expect(placed.place).toEqual({ lat: 39.7817, lng: -89.6501, precision: "street" });
    expect(placed.version).toBe(saved.version);
  });

  it("keeps the new address's place when the address changes while the lookup is in flight", async () => {
    const { member } = await company();
    const oldAddress = "1 Old Road, Springfield, IL 62701";
    const newAddress = "2 New Road, Chicago, IL 60601";
    const customer = await quietCustomer(member, oldAddress);
    const held = gate();
    let reached: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      reached = resolve;
    });
    answer = () => {
      reached();
      return { hold: held.opened, body: [nominatimHit(10, 10)] };
    };
    const lookup = lookUpStreetPlace(
      { companyId: member.companyId, kind: "customer", id: customer.id },
      geocoder,
    );
    await asked;
    setGeocoder(null);
    const edited = await updateCustomer(
      member,
      customer.id,
      ZCustomerFields.parse({ name: "Quiet", address: newAddress }),
    );
    setGeocoder(geocoder);
    held.open();
    expect(await lookup).toBe("stale");
    const row = await customerRow(customer.id);
    expect(row.placeAddress).toBe(normalizeAddress(newAddress));
    expect({ lat: row.placeLat, lng: row.placeLng }).not.toEqual({ lat: 10, lng: 10 });
    expect(row.version).toBe(edited.version);
  });

  it("keeps a pin, whether it was there before the lookup or dropped while it ran", async () => {
    const { member } = await company();
    const address = "9 Pin Court, Springfield, IL 62701";
    const pinned = await quietCustomer(member, address);
    const pin = { placeLat: 39.5, placeLng: -89.5, placePrecision: "manual" as const };
    await db.update(customers).set(pin).where(eq(customers.id, pinned.id));
    const before = stub.requests.length;
    const target = { companyId: member.companyId, kind: "customer" as const, id: pinned.id };
    expect(await lookUpStreetPlace(target, geocoder)).toBe("manual");
    expect(stub.requests.length).toBe(before);

    const later = await quietCustomer(member, "10 Pin Court, Springfield, IL 62701");
    const held = gate();
    let reached: () => void = () => {};
    const asked = new Promise<void>((resolve) => {
      reached = resolve;
    });
    answer = () => {
      reached();
      return { hold: held.opened, body: [nominatimHit(11, 11)] };
    };
    const lookup = lookUpStreetPlace({ ...target, id: later.id }, geocoder);
    await asked;
    await db.update(customers).set(pin).where(eq(customers.id, later.id));
    held.open();
    expect(await lookup).toBe("manual");
    expect(await customerRow(later.id)).toMatchObject(pin);
    // The command alone says the same.
    const key = normalizeAddress("10 Pin Court, Springfield, IL 62701") ?? "";
    expect(
      await recordStreetPlace({ ...target, id: later.id }, key, {
        lat: 1,
        lng: 1,
        precision: "street",
        label: "",
      }),
    ).toBe("manual");
  });

  it("keeps 'no result' in the cache, leaves the offline place, and the sweep does not ask again", async () => {
    const { member } = await company();
    const address = "Nowhere Lane, Springfield, IL 62701";
    answer = () => ({ body: [] });
    const customer = await quietCustomer(member, address);
    const target = { companyId: member.companyId, kind: "customer" as const, id: customer.id };
    expect(await lookUpStreetPlace(target, geocoder)).toBe("no-result");
    expect(await lookUpStreetPlace(target, geocoder)).toBe("no-result");
    expect(stub.requestsFor(address)).toHaveLength(1);
    expect(await customerRow(customer.id)).toMatchObject({ placePrecision: "postal" });
    const [cached] = await db
      .select()
      .from(geocodeCache)
      .where(
        and(
          eq(geocodeCache.companyId, member.companyId),
          eq(geocodeCache.addressKey, normalizeAddress(address) ?? ""),
        ),
      );
    expect(cached).toMatchObject({ lat: null, lng: null, precision: null });
    expect(await sweepStreetPlaces({ geocoder, companyId: member.companyId })).toMatchObject({ queued: 0 });
  });

  it("asks again once a cached answer has expired", async () => {
    const { member } = await company();
    const address = "3 Expiry Road, Springfield, IL 62701";
    const customer = await quietCustomer(member, address);
    const target = { companyId: member.companyId, kind: "customer" as const, id: customer.id };
    answer = () => ({ body: [] });
    expect(await lookUpStreetPlace(target, geocoder)).toBe("no-result");
    await db
      .update(geocodeCache)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(geocodeCache.companyId, member.companyId));
    answer = () => ({ body: [nominatimHit(39.79, -89.64)] });
    expect(await lookUpStreetPlace(target, geocoder)).toBe("placed");
    expect(stub.requestsFor(address)).toHaveLength(2);
  });

  it("queues from the sweep what no save queued (an import, a Redis outage), and the worker places it", async () => {
    const { member, socket } = await company();
    const job = await buildUnscheduledJob(member.companyId, {
      location: "88 Sweep Street, Springfield, IL 62701",
    });
    const placed = socket.placed<JobDTO>("job.updated", job.id);
    expect(await sweepStreetPlaces({ geocoder, companyId: member.companyId })).toMatchObject({ queued: 1 });
    expect((await placed).place).toMatchObject({ precision: "street" });
    const [row] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.placePrecision).toBe("street");
    expect(await sweepStreetPlaces({ geocoder, companyId: member.companyId })).toMatchObject({ queued: 0 });
  });

  it("fails a lookup with a typed failure when the service fails (nothing cached, the row unchanged)", async () => {
    const { member } = await company();
    const customer = await quietCustomer(member, "5 Broken Road, Springfield, IL 62701");
    const target = { companyId: member.companyId, kind: "customer" as const, id: customer.id };
    for (const [reply, reason] of [
      [{ status: 503 }, "unavailable"],
      [{ body: "<html>oops</html>" }, "bad_answer"],
      [{ status: 429, headers: { "retry-after": "600" } }, "rate_limited"],
      [{ status: 401 }, "refused"],
    ] as const) {
      answer = () => reply;
      const failure = await lookUpStreetPlace(target, geocoder).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StreetLookupFailed);
      expect((failure as StreetLookupFailed).reason).toBe(reason);
    }
    expect(await db.select().from(geocodeCache).where(eq(geocodeCache.companyId, member.companyId))).toEqual(
      [],
    );
    expect(await customerRow(customer.id)).toMatchObject({ placePrecision: "postal" });
  });

  it("retries with exponential backoff, never sooner than a 429's Retry-After", () => {
    const job = { opts: { ...GEOCODE_JOB_OPTIONS } } as unknown as Parameters<typeof geocodeBackoff>[3];
    const delay = GEOCODE_JOB_OPTIONS.backoff.delay;
    expect(geocodeBackoff(1, "geocode", new Error("x"), job)).toBe(delay);
    expect(geocodeBackoff(3, "geocode", new StreetLookupFailed("unavailable", 503), job)).toBe(4 * delay);
    expect(geocodeBackoff(1, "geocode", new StreetLookupFailed("rate_limited", 429, 60_000), job)).toBe(
      60_000,
    );
  });

  it("keeps working after a garbage answer: the next lookup is placed", async () => {
    const { member, socket } = await company();
    const garbage = "6 Garbage Road, Springfield, IL 62701";
    answer = (q) => (q === garbage ? { body: "not json at all" } : { body: [nominatimHit(39.77, -89.66)] });
    const broken = await createCustomer(member, ZCustomerFields.parse({ name: "Broken", address: garbage }));
    const fine = await createCustomer(
      member,
      ZCustomerFields.parse({
        name: "Fine",
        address: "7 Fine Road, Springfield, IL 62701",
      }),
    );
    expect((await socket.placed<CustomerDTO>("customer.updated", fine.id)).place).toMatchObject({
      precision: "street",
    });
    expect(await customerRow(broken.id)).toMatchObject({ placePrecision: "postal" });
  });
});
