/** The offline resolver (core/src/places/resolve-offline.ts, docs/places.md) and the place rules of a save. */
import { describe, expect, it } from "vitest";
import { normalizeAddress } from "../src/places/normalize";
import { placeNeedsStreetLookup, placeOnSave } from "../src/places/on-save";
import { resolveOffline } from "../src/places/resolve-offline";
import { searchOffline } from "../src/places/search";

describe("resolveOffline", () => {
  it("finds a US ZIP code as postal, never a house number", () => {
    expect(resolveOffline("12 Oak Rd, Springfield, IL 62701", "US")).toEqual({
      lat: 39.8,
      lng: -89.6495,
      precision: "postal",
      label: "62701 Springfield, IL",
    });
    expect(resolveOffline("Springfield IL 62701-1234", "US")).toMatchObject({ precision: "postal" });
    // 12345 opens the part: a house number, not a code.
    expect(resolveOffline("12345 Main St", "US")).toBeNull();
  });

  it("reads 5 digits as a ZIP only in the US, or after a state", () => {
    expect(resolveOffline("Hauptstr 5, 10115 Berlin", "DE")).toMatchObject({
      precision: "city",
      lat: expect.closeTo(52.52, 1),
      label: "Berlin",
    });
    expect(resolveOffline("1 Main St, Springfield, IL 62701", "CA")).toMatchObject({ precision: "postal" });
  });

  it("finds a Canadian postal code's district, with or without its space", () => {
    const toronto = { lat: 43.6525, lng: -79.3686, precision: "postal" };
    expect(resolveOffline("45 King St W, Toronto, ON M5V 3L9", "CA")).toMatchObject(toronto);
    expect(resolveOffline("m5v3l9", "US")).toMatchObject(toronto);
  });

  it("finds a town of the company's country, the one of the state written, else the largest", () => {
    const illinois = resolveOffline("Springfield, IL", "US");
    expect(illinois).toMatchObject({ precision: "city", label: "Springfield, IL" });
    expect(illinois?.lat).toBeCloseTo(39.8, 1);
    expect(resolveOffline("12 Oak Rd, Springfield, Massachusetts", "US")).toMatchObject({
      label: "Springfield, MA",
    });
    // No state: the largest Springfield (Missouri's).
    expect(resolveOffline("Springfield", "US")).toMatchObject({ label: "Springfield, MO" });
    expect(resolveOffline("Montréal, QC", "CA")).toMatchObject({ precision: "city", label: "Montréal, QC" });
    expect(resolveOffline("Montreal", "CA")).toMatchObject({ label: "Montréal, QC" });
  });

  it("answers null for text it cannot place, and never throws", () => {
    expect(resolveOffline("Back yard", "US")).toBeNull();
    expect(resolveOffline("1 Main St", "US")).toBeNull();
    expect(resolveOffline("12 Oak Rd Springfield", "US")).toBeNull();
    expect(resolveOffline("", "US")).toBeNull();
    expect(resolveOffline(null, "US")).toBeNull();
    expect(resolveOffline("Springfield", "ZZ")).toBeNull();
    expect(resolveOffline("\u0000,,,;\n99999", "US")).toBeNull();
  });

  it("answers a lookup fast once the data is loaded", () => {
    resolveOffline("Springfield, IL 62701", "US");
    const started = performance.now();
    for (let i = 0; i < 1000; i++) resolveOffline(`${i} Oak Rd, Springfield, IL`, "US");
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe("searchOffline", () => {
  it("lists towns starting with the text, largest first", () => {
    const found = searchOffline("Spring", "US");
    expect(found.length).toBeGreaterThan(3);
    expect(found[0].label).toMatch(/^Spring/);
    expect(searchOffline("62701", "US")[0]).toMatchObject({ precision: "postal" });
  });
});

describe("placeOnSave", () => {
  const pin = {
    placeLat: 1,
    placeLng: 2,
    placePrecision: "manual" as const,
    placeAddress: "12 oak rd springfield il",
  };

  it("keeps any place while the address is the one it was found for", () => {
    expect(placeOnSave(pin, "12 Oak Rd., Springfield, IL", "US")).toEqual({});
  });

  it("finds a new place for a changed address", () => {
    expect(placeOnSave(pin, "Springfield, MA", "US")).toMatchObject({
      placePrecision: "city",
      placeAddress: "springfield ma",
    });
    expect(placeOnSave(pin, "", "US")).toEqual({
      placeLat: null,
      placeLng: null,
      placePrecision: null,
      placeAddress: null,
    });
  });

  it("takes a source's place for the same address", () => {
    const customer = { ...pin, address: "12 OAK RD, Springfield IL" };
    expect(placeOnSave(undefined, "12 Oak Rd, Springfield, IL", "US", customer)).toEqual(pin);
  });
});

describe("placeNeedsStreetLookup", () => {
  const row = (placePrecision: "postal" | "manual" | "street" | null, address: string | null) => ({
    placeLat: placePrecision ? 1 : null,
    placeLng: placePrecision ? 2 : null,
    placePrecision,
    placeAddress: normalizeAddress(address),
    address,
  });

  it("is true for an address with no place or an approximate one, false for a pin or a street place", () => {
    expect(placeNeedsStreetLookup(row(null, "1 Main St"))).toBe(true);
    expect(placeNeedsStreetLookup(row("postal", "1 Main St, 62701"))).toBe(true);
    expect(placeNeedsStreetLookup(row("manual", "1 Main St"))).toBe(false);
    expect(placeNeedsStreetLookup(row("street", "1 Main St"))).toBe(false);
    expect(placeNeedsStreetLookup(row(null, null))).toBe(false);
  });
});
