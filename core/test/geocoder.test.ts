/**
 * The street-level geocoding client against a local stub of the service (docs/places.md):
 * slow answers, 429 with Retry-After, 5xx, garbage, no result and success come back as
 * values, never as throws.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createGeocoder, detectKind, type GeocoderSettings, retryAfterMs } from "../src/places/geocoder";
import { type GeocoderStub, nominatimHit, type StubReply, startGeocoderStub } from "./geocoder-stub";

const stubs: GeocoderStub[] = [];
afterEach(async () => {
  for (const stub of stubs.splice(0)) await stub.close();
});

async function stubAnswering(reply: (index: number) => StubReply) {
  const stub = await startGeocoderStub((_request, index) => reply(index));
  stubs.push(stub);
  return stub;
}

/** Short deadlines and pauses, so the retries take milliseconds. */
const fast = (url: string, overrides: Partial<GeocoderSettings> = {}): GeocoderSettings => ({
  url,
  // Long enough for a loaded machine to connect, short enough for a test.
  timeoutMs: 600,
  retryDelayMs: 20,
  maxTries: 3,
  ...overrides,
});

const QUERY = { text: "12 Oak Rd, Springfield, IL 62701", country: "US" };

describe("the geocoder client (Nominatim)", () => {
  it("finds a street point, asking as Nominatim's policy wants (User-Agent, e-mail) with the key and country", async () => {
    const stub = await stubAnswering(() => ({ body: [nominatimHit(39.78, -89.65)] }));
    const geocoder = createGeocoder(
      fast(stub.url, { userAgent: "Scheduler test", email: "ops@example.test", key: "secret-key" }),
    );
    expect(geocoder.kind).toBe("nominatim");
    const outcome = await geocoder.search(QUERY);
    expect(outcome).toEqual({
      status: "found",
      hits: [{ lat: 39.78, lng: -89.65, precision: "street", label: "12 Oak Road, Springfield" }],
    });
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request.url.pathname).toBe("/search");
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
      q: QUERY.text,
      format: "jsonv2",
      countrycodes: "us",
      email: "ops@example.test",
      key: "secret-key",
      limit: "1",
    });
    expect(request.headers["user-agent"]).toBe("Scheduler test");
  });

  it("says how precise a point is: a town's rank is a town, a postcode a postal code", async () => {
    const stub = await stubAnswering(() => ({
      body: [
        nominatimHit(39.8, -89.6, "Springfield", 16),
        { ...nominatimHit(39.79, -89.64, "62701", 21), addresstype: "postcode" },
      ],
    }));
    const outcome = await createGeocoder(fast(stub.url)).search({ ...QUERY, limit: 2 });
    expect(outcome.status === "found" && outcome.hits.map((hit) => hit.precision)).toEqual([
      "city",
      "postal",
    ]);
  });

  it("answers `none` when the service knows no such place", async () => {
    const stub = await stubAnswering(() => ({ body: [] }));
    expect(await createGeocoder(fast(stub.url)).search(QUERY)).toEqual({ status: "none" });
    expect(stub.requests).toHaveLength(1);
  });

  it("tries a slow answer again after its deadline, and takes the second", async () => {
    const stub = await stubAnswering((index) =>
      index === 0 ? { delayMs: 5000, body: [] } : { body: [nominatimHit(39.78, -89.65)] },
    );
    const started = Date.now();
    const outcome = await createGeocoder(fast(stub.url)).search(QUERY);
    expect(outcome.status).toBe("found");
    expect(stub.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("gives up with `timeout` when every try is late", async () => {
    const stub = await stubAnswering(() => ({ delayMs: 5000, body: [] }));
    const outcome = await createGeocoder(fast(stub.url, { maxTries: 2 })).search(QUERY);
    expect(outcome).toEqual({ status: "failed", reason: "timeout" });
    expect(stub.requests).toHaveLength(2);
  });

  it("waits out a 429's Retry-After, then asks again", async () => {
    const stub = await stubAnswering((index) =>
      index === 0
        ? { status: 429, headers: { "retry-after": "1" }, body: { error: "slow down" } }
        : { body: [nominatimHit(39.78, -89.65)] },
    );
    const started = Date.now();
    const outcome = await createGeocoder(fast(stub.url)).search(QUERY);
    expect(outcome.status).toBe("found");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(stub.requests).toHaveLength(2);
  });

  it("hands a long Retry-After back to the caller instead of sitting through it", async () => {
    const stub = await stubAnswering(() => ({ status: 429, headers: { "retry-after": "120" } }));
    const outcome = await createGeocoder(fast(stub.url)).search(QUERY);
    expect(outcome).toEqual({
      status: "failed",
      reason: "rate_limited",
      httpStatus: 429,
      retryAfterMs: 120_000,
    });
    expect(stub.requests).toHaveLength(1);
  });

  it("tries a 5xx again and takes the answer that follows", async () => {
    const stub = await stubAnswering((index) =>
      index < 2
        ? { status: index === 0 ? 502 : 503, body: "<html>Bad gateway</html>" }
        : { body: [nominatimHit(1, 2)] },
    );
    const outcome = await createGeocoder(fast(stub.url)).search(QUERY);
    expect(outcome.status).toBe("found");
    expect(stub.requests).toHaveLength(3);
  });

  it("says `unavailable` when the 5xx lasts", async () => {
    const stub = await stubAnswering(() => ({ status: 500 }));
    expect(await createGeocoder(fast(stub.url, { maxTries: 2 })).search(QUERY)).toEqual({
      status: "failed",
      reason: "unavailable",
      httpStatus: 500,
    });
  });

  it.each([
    ["HTML", "<html><body>Maintenance</body></html>"],
    ["broken JSON", '[{"lat": "1.5", "lon":'],
    ["the wrong shape", { results: [{ lat: 1, lng: 2 }] }],
    ["a latitude out of range", [{ lat: "123", lon: "2", display_name: "x" }]],
    ["a latitude that is no number", [{ lat: "north", lon: "2" }]],
  ])("answers garbage (%s) with `bad_answer`, never a throw", async (_name, body) => {
    const stub = await stubAnswering(() => ({ body }));
    const outcome = await createGeocoder(fast(stub.url)).search(QUERY);
    expect(outcome).toMatchObject({ status: "failed", reason: "bad_answer" });
    expect(stub.requests).toHaveLength(1);
  });

  it("says `refused` on another 4xx (a wrong key), without trying again", async () => {
    const stub = await stubAnswering(() => ({ status: 403, body: { error: "Invalid key" } }));
    expect(await createGeocoder(fast(stub.url)).search(QUERY)).toEqual({
      status: "failed",
      reason: "refused",
      httpStatus: 403,
    });
    expect(stub.requests).toHaveLength(1);
  });

  it("says `unavailable` when nothing listens", async () => {
    const stub = await stubAnswering(() => ({}));
    const url = stub.url;
    await stub.close();
    stubs.splice(0);
    expect(await createGeocoder(fast(url, { maxTries: 2 })).search(QUERY)).toEqual({
      status: "failed",
      reason: "unavailable",
    });
  });
});

describe("the geocoder client (Photon)", () => {
  const feature = (type: string, lng: number, lat: number, extra: Record<string, string> = {}) => ({
    type: "Feature",
    geometry: { type: "Point", coordinates: [lng, lat] },
    properties: { type, countrycode: "US", city: "Springfield", postcode: "62701", ...extra },
  });

  it("is recognised by its /api path and reads GeoJSON, in the company's country only", async () => {
    const stub = await stubAnswering(() => ({
      body: {
        type: "FeatureCollection",
        features: [
          feature("house", -89.65, 39.78, { housenumber: "12", street: "Oak Road" }),
          feature("city", 1, 2, { countrycode: "FR", city: "Paris" }),
          feature("city", -89.6, 39.8, { name: "Springfield" }),
        ],
      },
    }));
    const geocoder = createGeocoder(fast(`${stub.url}/api`));
    expect(geocoder.kind).toBe("photon");
    const outcome = await geocoder.search({ ...QUERY, limit: 3 });
    expect(outcome).toEqual({
      status: "found",
      hits: [
        { lat: 39.78, lng: -89.65, precision: "street", label: "12 Oak Road, 62701 Springfield" },
        { lat: 39.8, lng: -89.6, precision: "city", label: "Springfield, 62701 Springfield" },
      ],
    });
    expect(stub.requests[0].url.pathname).toBe("/api");
    expect(stub.requests[0].url.searchParams.get("format")).toBeNull();
  });

  it("answers `none` for an empty collection and `bad_answer` for Nominatim's shape", async () => {
    const empty = await stubAnswering(() => ({ body: { type: "FeatureCollection", features: [] } }));
    expect(await createGeocoder(fast(`${empty.url}/api`)).search(QUERY)).toEqual({ status: "none" });
    const wrong = await stubAnswering(() => ({ body: [nominatimHit(1, 2)] }));
    expect(await createGeocoder(fast(wrong.url, { kind: "photon" })).search(QUERY)).toMatchObject({
      reason: "bad_answer",
    });
  });
});

describe("geocoder helpers", () => {
  it("detect the flavour, read Retry-After both ways", () => {
    expect(detectKind("https://photon.komoot.io/api/")).toBe("photon");
    expect(detectKind("https://nominatim.openstreetmap.org")).toBe("nominatim");
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(10_000 + 5000).toUTCString(), 10_000)).toBe(5000);
    expect(retryAfterMs("soon")).toBeUndefined();
  });
});
