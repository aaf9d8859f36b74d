/**
 * The place search asks the geocoder too when one is configured (docs/places.md): its
 * street results first, the offline ones after; a failing or slow service leaves the
 * offline ones alone, and without a geocoder nothing is asked.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGeocoder, setGeocoder } from "../src/places/geocoder";
import { warmPlaceData } from "../src/places/offline-data";
import { searchPlaces } from "../src/places/search";
import { buildCompany } from "./factories";
import { type GeocoderStub, nominatimHit, type StubReply, startGeocoderStub } from "./geocoder-stub";

let stub: GeocoderStub;
let answer: () => StubReply;

beforeAll(async () => {
  stub = await startGeocoderStub(() => answer());
  // The offline data loads once per process (seconds on a busy machine): not a search's time.
  warmPlaceData();
});
afterEach(() => setGeocoder(undefined));
afterAll(async () => {
  setGeocoder(undefined);
  await stub.close();
});

const Q = "12 Oak Rd, Springfield, IL 62701";

describe("the place search with a geocoder", () => {
  it("puts the service's street results first, the offline ones after, in the company's country", async () => {
    const { company } = await buildCompany();
    answer = () => ({
      body: [
        nominatimHit(39.8, -89.6, "Springfield, Illinois", 16),
        nominatimHit(39.7817, -89.6501, "12 Oak Road"),
      ],
    });
    setGeocoder(createGeocoder({ url: stub.url, timeoutMs: 1000 }));
    const before = stub.requests.length;
    const results = await searchPlaces(company.id, Q);
    expect(results[0]).toEqual({ label: "12 Oak Road", lat: 39.7817, lng: -89.6501, precision: "street" });
    expect(results[1]).toMatchObject({ precision: "city", label: "Springfield, Illinois" });
    expect(results.slice(2)).toContainEqual(expect.objectContaining({ precision: "postal" }));
    expect(stub.requests.length - before).toBe(1);
    expect(stub.requests.at(-1)?.url.searchParams.get("countrycodes")).toBe("us");
  });

  it.each([
    ["a 5xx", { status: 503 }],
    ["garbage", { body: "<html>" }],
    ["a late answer", { delayMs: 5000, body: [] }],
  ])("answers with the offline results alone after %s", async (_name, reply) => {
    const { company } = await buildCompany();
    answer = () => reply;
    setGeocoder(createGeocoder({ url: stub.url, timeoutMs: 500 }));
    const started = Date.now();
    const results = await searchPlaces(company.id, Q);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((result) => result.precision !== "street")).toBe(true);
  });

  it("asks nobody without a geocoder", async () => {
    const { company } = await buildCompany();
    setGeocoder(null);
    const before = stub.requests.length;
    const results = await searchPlaces(company.id, Q);
    expect(results[0]).toMatchObject({ precision: "postal" });
    expect(stub.requests.length).toBe(before);
  });
});
