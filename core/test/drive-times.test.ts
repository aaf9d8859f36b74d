/**
 * Drive times (core/src/places/drive-times.ts, docs/places.md): a routing engine when one is
 * configured, the estimate otherwise, and the estimate whenever the engine fails: slow,
 * 5xx, garbage, a pair it cannot route. A local stub stands in for OSRM and Valhalla.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_DRIVE_MODEL, estimateDriveMinutes, type LatLng } from "@sched/shared-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "../src/db/client";
import { companySettings } from "../src/db/schema";
import { driveMinutesBetween, driveMinutesFor, type RoutingSettings } from "../src/places/drive-times";
import { buildCompany } from "./factories";

const LOOP: LatLng = { lat: 41.8781, lng: -87.6298 };
const HYDE_PARK: LatLng = { lat: 41.7943, lng: -87.5907 };
const OAK_PARK: LatLng = { lat: 41.885, lng: -87.7845 };
const PAIRS = [
  { from: LOOP, to: HYDE_PARK },
  { from: HYDE_PARK, to: OAK_PARK },
  { from: LOOP, to: LOOP },
];
const estimated = PAIRS.map((pair) => estimateDriveMinutes(pair.from, pair.to, DEFAULT_DRIVE_MODEL));

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
let handler: Handler = () => {};
const seen: { method?: string; url?: string; body: string }[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      seen.push({ method: request.method, url: request.url, body });
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

const osrm = (timeoutMs = 2000): RoutingSettings => ({ url: `${base}/osrm/`, kind: "osrm", timeoutMs });
const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(typeof body === "string" ? body : JSON.stringify(body));
};

/** A table of `seconds` for every source and destination the request names. */
function osrmTable(url: string, seconds: (row: number, column: number) => number | null) {
  const query = new URL(url, base).searchParams;
  const sources = (query.get("sources") ?? "").split(";");
  const destinations = (query.get("destinations") ?? "").split(";");
  return {
    code: "Ok",
    durations: sources.map((_, row) => destinations.map((_, column) => seconds(row, column))),
  };
}

describe("drive times from an OSRM-compatible engine", () => {
  it("asks one table for the pairs' unique points and adds the minutes to park", async () => {
    handler = (request, _body, response) =>
      json(
        response,
        200,
        osrmTable(request.url ?? "", () => 600),
      );
    const times = await driveMinutesFor(PAIRS, DEFAULT_DRIVE_MODEL, osrm());
    // 10 minutes of road plus 5 to park; the same point is no drive.
    expect(times).toEqual({ minutes: [15, 15, 0], source: "routing" });
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0].url ?? "", base);
    expect(url.pathname).toBe(
      `/osrm/table/v1/driving/${LOOP.lng},${LOOP.lat};${HYDE_PARK.lng},${HYDE_PARK.lat};${HYDE_PARK.lng},${HYDE_PARK.lat};${OAK_PARK.lng},${OAK_PARK.lat};${LOOP.lng},${LOOP.lat}`,
    );
    expect([url.searchParams.get("sources"), url.searchParams.get("destinations")]).toEqual(["0;1", "2;3;4"]);
  });

  it("estimates a pair the engine cannot route (null), and says the answer is mixed", async () => {
    handler = (request, _body, response) =>
      json(
        response,
        200,
        osrmTable(request.url ?? "", (row) => (row === 1 ? null : 600)),
      );
    const times = await driveMinutesFor(PAIRS, DEFAULT_DRIVE_MODEL, osrm());
    expect(times).toEqual({ minutes: [15, estimated[1], 0], source: "mixed" });
  });

  it("falls back to the estimate when the engine is too slow", async () => {
    handler = (request, _body, response) => {
      setTimeout(
        () =>
          json(
            response,
            200,
            osrmTable(request.url ?? "", () => 600),
          ),
        1500,
      );
    };
    const started = Date.now();
    const times = await driveMinutesFor(PAIRS, DEFAULT_DRIVE_MODEL, osrm(200));
    expect(times).toEqual({ minutes: estimated, source: "estimate" });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it("falls back to the estimate on a 5xx", async () => {
    handler = (_request, _body, response) => json(response, 503, { message: "busy" });
    expect(await driveMinutesFor(PAIRS, DEFAULT_DRIVE_MODEL, osrm())).toEqual({
      minutes: estimated,
      source: "estimate",
    });
  });

  it("falls back to the estimate on garbage: not JSON, the wrong shape, an error code", async () => {
    for (const body of [
      "<html>oops</html>",
      { durations: "many" },
      { code: "InvalidQuery", message: "no" },
    ]) {
      handler = (_request, _body, response) => json(response, 200, body);
      expect(await driveMinutesFor(PAIRS, DEFAULT_DRIVE_MODEL, osrm())).toEqual({
        minutes: estimated,
        source: "estimate",
      });
    }
  });

  it("falls back to the estimate when nothing answers at all", async () => {
    const closed: RoutingSettings = { url: "http://127.0.0.1:9", kind: "osrm", timeoutMs: 1000 };
    expect(await driveMinutesFor(PAIRS, DEFAULT_DRIVE_MODEL, closed)).toEqual({
      minutes: estimated,
      source: "estimate",
    });
  });
});

describe("drive times from Valhalla", () => {
  it("posts sources and targets and reads sources_to_targets' seconds", async () => {
    handler = (_request, body, response) => {
      const asked = JSON.parse(body) as { sources: unknown[]; targets: unknown[] };
      json(response, 200, {
        sources_to_targets: asked.sources.map((_, row) =>
          asked.targets.map((_, column) => ({ time: 300 * (row + 1), from_index: row, to_index: column })),
        ),
      });
    };
    const valhalla: RoutingSettings = { url: `${base}/valhalla`, kind: "valhalla", timeoutMs: 2000 };
    const times = await driveMinutesFor(PAIRS.slice(0, 2), DEFAULT_DRIVE_MODEL, valhalla);
    expect(times).toEqual({ minutes: [10, 15], source: "routing" });
    expect(seen[0].method).toBe("POST");
    expect(seen[0].url).toBe("/valhalla/sources_to_targets");
    expect(JSON.parse(seen[0].body)).toMatchObject({
      sources: [
        { lat: LOOP.lat, lon: LOOP.lng },
        { lat: HYDE_PARK.lat, lon: HYDE_PARK.lng },
      ],
      costing: "auto",
    });
  });
});

describe("driveMinutesBetween", () => {
  it("uses the company's drive settings for the estimate and the minutes to park", async () => {
    const { company } = await buildCompany();
    const drive = { roadFactor: 1, averageSpeedKmh: 60, parkMinutes: 0 };
    await db.insert(companySettings).values({ companyId: company.id, drive });
    const pairs = PAIRS.slice(0, 1);
    expect(await driveMinutesBetween(company.id, pairs, null)).toEqual({
      minutes: [estimateDriveMinutes(LOOP, HYDE_PARK, drive)],
      source: "estimate",
    });
    handler = (request, _body, response) =>
      json(
        response,
        200,
        osrmTable(request.url ?? "", () => 600),
      );
    expect(await driveMinutesBetween(company.id, pairs, osrm())).toEqual({
      minutes: [10],
      source: "routing",
    });
  });
});
