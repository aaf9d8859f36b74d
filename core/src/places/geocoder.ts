/**
 * The street-level geocoding client (docs/places.md, "Street-level geocoding"): a
 * Nominatim- or Photon-compatible API at GEOCODER_URL. Every answer comes back as a value,
 * never as a throw: `found` (best first), `none` (the service knows no such place) or
 * `failed` with a reason, so a slow, refusing or broken service can never stop a worker or
 * a search. Each request has a deadline (AbortSignal.timeout); a timeout, a network error or
 * a 5xx is tried again after a short pause; a 429 waits its Retry-After when that is short
 * and otherwise says how long to wait; an answer that is not what the API promises (not
 * JSON, the wrong shape) is `bad_answer`, checked with zod.
 */
import type { PlacePrecision } from "@sched/shared-types";
import { z } from "zod";
import { config } from "../config";

export type GeocoderKind = "nominatim" | "photon";

export type GeocoderSettings = {
  /** The API's base: Nominatim's root (…/search is added) or Photon's /api endpoint. */
  url: string;
  /** Unset: photon when the URL's path ends in /api, else nominatim. */
  kind?: GeocoderKind;
  /** A provider's key (LocationIQ, a hosted Photon…), sent as the `keyParam` query parameter. */
  key?: string;
  keyParam?: string;
  /** Nominatim's usage policy asks for an identifying User-Agent, and an e-mail for heavy use. */
  userAgent?: string;
  email?: string;
  /** One request's deadline. */
  timeoutMs?: number;
  /** How many requests one lookup may make (the first and its retries). */
  maxTries?: number;
  /** The first pause before a retry, doubled each time. */
  retryDelayMs?: number;
  /** The longest Retry-After waited for in place; a longer one comes back as `rate_limited`. */
  maxRetryAfterMs?: number;
};

/** A point the service found, with how precise it is and a line to show. */
export type GeocodeHit = { lat: number; lng: number; precision: PlacePrecision; label: string };

export type GeocodeFailure =
  /** No answer within the deadline, on every try. */
  | "timeout"
  /** Unreachable, or 5xx on every try. */
  | "unavailable"
  /** 429 with a Retry-After longer than we wait in place (retryAfterMs says how long). */
  | "rate_limited"
  /** An answer that is not what a Nominatim or Photon API gives (HTML, broken JSON, the wrong shape). */
  | "bad_answer"
  /** Another 4xx: a wrong URL or key; trying again will not help. */
  | "refused";

export type GeocodeOutcome =
  | { status: "found"; hits: GeocodeHit[] }
  | { status: "none" }
  | { status: "failed"; reason: GeocodeFailure; httpStatus?: number; retryAfterMs?: number };

export type GeocodeQuery = {
  /** The address as typed. */
  text: string;
  /** ISO 3166-1 alpha-2 (the company's country): answers elsewhere are not wanted. */
  country?: string;
  limit?: number;
};

export interface Geocoder {
  readonly kind: GeocoderKind;
  search(query: GeocodeQuery, options?: { signal?: AbortSignal; maxTries?: number }): Promise<GeocodeOutcome>;
}

const DEFAULTS = {
  timeoutMs: 5000,
  maxTries: 3,
  retryDelayMs: 500,
  maxRetryAfterMs: 10_000,
  keyParam: "key",
};

/** Answers larger than this are not a geocoder's (a few results are a few kilobytes). */
const MAX_ANSWER_CHARS = 2_000_000;

/** Photon's endpoint is `/api`; Nominatim's root has `/search` under it. */
export function detectKind(url: string): GeocoderKind {
  return /\/api\/?$/.test(new URL(url).pathname) ? "photon" : "nominatim";
}

// Numbers arrive as strings from Nominatim ("51.5"), as numbers from Photon.
const ZCoordinate = z.union([z.number(), z.string().trim().min(1).transform(Number)]).pipe(z.number());

const ZNominatimAnswer = z.array(
  z.object({
    lat: ZCoordinate.pipe(z.number().min(-90).max(90)),
    lon: ZCoordinate.pipe(z.number().min(-180).max(180)),
    display_name: z.string().optional(),
    place_rank: z.number().optional(),
    addresstype: z.string().optional(),
    type: z.string().optional(),
    class: z.string().optional(),
    category: z.string().optional(),
  }),
);

const ZPhotonAnswer = z.object({
  features: z.array(
    z.object({
      geometry: z.object({
        coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]).rest(z.number()),
      }),
      properties: z
        .object({
          name: z.string().optional(),
          housenumber: z.string().optional(),
          street: z.string().optional(),
          postcode: z.string().optional(),
          city: z.string().optional(),
          state: z.string().optional(),
          country: z.string().optional(),
          countrycode: z.string().optional(),
          type: z.string().optional(),
          osm_key: z.string().optional(),
          osm_value: z.string().optional(),
        })
        .default({}),
    }),
  ),
});

/** Nominatim's rank 26 is a street, 30 a house; postcodes have their own type. */
function nominatimPrecision(hit: z.infer<typeof ZNominatimAnswer>[number]): PlacePrecision {
  if ((hit.place_rank ?? 0) >= 26) return "street";
  if (hit.addresstype === "postcode" || hit.type === "postcode") return "postal";
  return "city";
}

function photonPrecision(properties: z.infer<typeof ZPhotonAnswer>["features"][number]["properties"]) {
  const type = properties.type ?? properties.osm_value;
  if (type === "house" || type === "street" || properties.housenumber) return "street" as const;
  if (properties.osm_value === "postcode" || properties.osm_key === "postcode") return "postal" as const;
  return "city" as const;
}

function photonLabel(p: z.infer<typeof ZPhotonAnswer>["features"][number]["properties"]): string {
  const street = [p.housenumber, p.street].filter(Boolean).join(" ");
  const first = street && p.name && p.name !== street ? `${p.name}, ${street}` : street || p.name;
  const town = [p.postcode, p.city].filter(Boolean).join(" ");
  return [first, town, p.state, p.country].filter(Boolean).join(", ");
}

/** The hits of an answer, or undefined when the answer is not what the API promises. */
export function parseAnswer(kind: GeocoderKind, body: unknown, country?: string): GeocodeHit[] | undefined {
  if (kind === "nominatim") {
    const parsed = ZNominatimAnswer.safeParse(body);
    if (!parsed.success) return undefined;
    return parsed.data.map((hit) => ({
      lat: hit.lat,
      lng: hit.lon,
      precision: nominatimPrecision(hit),
      label: hit.display_name ?? `${hit.lat}, ${hit.lon}`,
    }));
  }
  const parsed = ZPhotonAnswer.safeParse(body);
  if (!parsed.success) return undefined;
  const wanted = country?.toUpperCase();
  return parsed.data.features
    .filter((f) => !wanted || !f.properties.countrycode || f.properties.countrycode.toUpperCase() === wanted)
    .map((f) => ({
      lat: f.geometry.coordinates[1],
      lng: f.geometry.coordinates[0],
      precision: photonPrecision(f.properties),
      label: photonLabel(f.properties) || `${f.geometry.coordinates[1]}, ${f.geometry.coordinates[0]}`,
    }));
}

/** Retry-After as milliseconds: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });

/** The request URL for a query; it holds the key, so it is never logged. */
function requestUrl(settings: GeocoderSettings, kind: GeocoderKind, query: GeocodeQuery): URL {
  const base = settings.url.replace(/\/+$/, "");
  const url = new URL(kind === "nominatim" ? `${base}/search` : base);
  url.searchParams.set("q", query.text);
  url.searchParams.set("limit", String(query.limit ?? 1));
  if (kind === "nominatim") {
    url.searchParams.set("format", "jsonv2");
    if (query.country) url.searchParams.set("countrycodes", query.country.toLowerCase());
    if (settings.email) url.searchParams.set("email", settings.email);
  }
  if (settings.key) url.searchParams.set(settings.keyParam ?? DEFAULTS.keyParam, settings.key);
  return url;
}

type TryResult =
  | { done: GeocodeOutcome }
  | { retry: "timeout" | "unavailable"; httpStatus?: number }
  | { wait: number; httpStatus: 429 };

async function tryOnce(
  settings: GeocoderSettings,
  kind: GeocoderKind,
  query: GeocodeQuery,
  signal: AbortSignal | undefined,
): Promise<TryResult> {
  const timeout = AbortSignal.timeout(settings.timeoutMs ?? DEFAULTS.timeoutMs);
  const headers: Record<string, string> = { accept: "application/json" };
  if (settings.userAgent) headers["user-agent"] = settings.userAgent;
  let response: Response;
  try {
    response = await fetch(requestUrl(settings, kind, query), {
      headers,
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      redirect: "follow",
    });
  } catch {
    return { retry: timeout.aborted ? "timeout" : "unavailable" };
  }
  try {
    if (response.status === 429) {
      await response.body?.cancel();
      const wait =
        retryAfterMs(response.headers.get("retry-after")) ?? settings.retryDelayMs ?? DEFAULTS.retryDelayMs;
      return { wait, httpStatus: 429 };
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      return { retry: "unavailable", httpStatus: response.status };
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { done: { status: "failed", reason: "refused", httpStatus: response.status } };
    }
    // The body is read under the same deadline: a service that sends headers and then stalls times out too.
    const text = await response.text();
    if (text.length > MAX_ANSWER_CHARS) return { done: { status: "failed", reason: "bad_answer" } };
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { done: { status: "failed", reason: "bad_answer", httpStatus: response.status } };
    }
    const hits = parseAnswer(kind, body, query.country);
    if (!hits) return { done: { status: "failed", reason: "bad_answer", httpStatus: response.status } };
    return { done: hits.length > 0 ? { status: "found", hits } : { status: "none" } };
  } catch {
    return { retry: timeout.aborted ? "timeout" : "unavailable", httpStatus: response.status };
  }
}

/** A client for one service. `search` never throws. */
export function createGeocoder(settings: GeocoderSettings): Geocoder {
  const kind = settings.kind ?? detectKind(settings.url);
  const maxRetryAfterMs = settings.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs;
  const retryDelayMs = settings.retryDelayMs ?? DEFAULTS.retryDelayMs;
  return {
    kind,
    async search(query, options = {}) {
      const maxTries = Math.max(1, options.maxTries ?? settings.maxTries ?? DEFAULTS.maxTries);
      let last: GeocodeOutcome = { status: "failed", reason: "unavailable" };
      for (let attempt = 1; attempt <= maxTries; attempt++) {
        if (options.signal?.aborted) break;
        const result = await tryOnce(settings, kind, query, options.signal);
        if ("done" in result) return result.done;
        const isLast = attempt === maxTries;
        if ("wait" in result) {
          last = { status: "failed", reason: "rate_limited", httpStatus: 429, retryAfterMs: result.wait };
          // A long wait is the caller's to schedule (the queue delays the job), not ours to sit through.
          if (isLast || result.wait > maxRetryAfterMs) return last;
          await sleep(result.wait, options.signal);
          continue;
        }
        last = { status: "failed", reason: result.retry, httpStatus: result.httpStatus };
        if (!isLast) await sleep(retryDelayMs * 2 ** (attempt - 1), options.signal);
      }
      return last;
    },
  };
}

let configured: Geocoder | null | undefined;

/** The geocoder GEOCODER_URL configures, or null when none is (then only the offline places exist). */
export function configuredGeocoder(): Geocoder | null {
  if (configured === undefined) configured = config.geocoder ? createGeocoder(config.geocoder) : null;
  return configured;
}

/** Tests point the app at a stub service (or at none) without restarting it. */
export function setGeocoder(next: Geocoder | null | undefined): void {
  configured = next;
}
