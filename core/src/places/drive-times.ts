/**
 * Drive times between places, the one interface the server's planners use (docs/places.md,
 * "Drive time"): the company's estimate (shared-types' estimateDriveMinutes with its
 * settings `drive`), or a routing engine when ROUTING_URL is set: an OSRM-compatible
 * `/table/v1/driving/` or Valhalla's `/sources_to_targets`. The engine is asked once per
 * batch of pairs, within a deadline; whatever goes wrong (slow, refused, 5xx, an answer of
 * the wrong shape, a pair it cannot route) falls back to the estimate, pair by pair, so a
 * broken engine never stops a plan. The conflict engine's `travel` warning does not come
 * here: it runs in the browser too and uses the estimate on both sides, so the dialog and
 * the server always say the same thing.
 */
import { type DriveModel, estimateDriveMinutes, type LatLng } from "@sched/shared-types";
import { z } from "zod";
import { config } from "../config";
import { loadCompanySettings } from "../queries/company-settings";

export type DrivePair = { from: LatLng; to: LatLng };

export type RoutingSettings = {
  /** The API's root: OSRM's (…/table/v1/driving/ is added) or Valhalla's (…/sources_to_targets). */
  url: string;
  kind: "osrm" | "valhalla";
  /** One request's deadline. */
  timeoutMs: number;
};

/** Where each answer came from: all from the engine, all estimated, or some of each. */
export type DriveTimesSource = "routing" | "estimate" | "mixed";

export type DriveTimes = { minutes: number[]; source: DriveTimesSource };

/** Points per request: OSRM's default table limit is 100 coordinates. */
const MAX_POINTS = 100;

const key = (point: LatLng) => `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;

/** OSRM's table: seconds per source (row) and destination (column); null where no route. */
const ZOsrmTable = z.object({
  code: z.literal("Ok"),
  durations: z.array(z.array(z.number().min(0).nullable())),
});

/** Valhalla's matrix: a row per source of {time (s)}; time null where no route. */
const ZValhallaMatrix = z.object({
  sources_to_targets: z.array(
    z.array(z.object({ time: z.number().min(0).nullable().optional() }).nullable()),
  ),
});

/** The unique points of a batch of pairs, as sources and targets with each pair's indexes. */
function matrixOf(pairs: readonly DrivePair[]) {
  const sources: LatLng[] = [];
  const targets: LatLng[] = [];
  const sourceIndex = new Map<string, number>();
  const targetIndex = new Map<string, number>();
  const indexOf = (point: LatLng, list: LatLng[], index: Map<string, number>) => {
    const id = key(point);
    let at = index.get(id);
    if (at === undefined) {
      at = list.push(point) - 1;
      index.set(id, at);
    }
    return at;
  };
  const cells = pairs.map((pair) => [
    indexOf(pair.from, sources, sourceIndex),
    indexOf(pair.to, targets, targetIndex),
  ]);
  return { sources, targets, cells };
}

/** Seconds per source and target from the engine, or undefined on any failure. */
async function askEngine(
  routing: RoutingSettings,
  sources: LatLng[],
  targets: LatLng[],
): Promise<(number | null)[][] | undefined> {
  const base = routing.url.replace(/\/+$/, "");
  const signal = AbortSignal.timeout(routing.timeoutMs);
  try {
    if (routing.kind === "valhalla") {
      const response = await fetch(`${base}/sources_to_targets`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          sources: sources.map((p) => ({ lat: p.lat, lon: p.lng })),
          targets: targets.map((p) => ({ lat: p.lat, lon: p.lng })),
          costing: "auto",
        }),
        signal,
      });
      if (!response.ok) return undefined;
      const parsed = ZValhallaMatrix.safeParse(await response.json());
      if (!parsed.success) return undefined;
      return parsed.data.sources_to_targets.map((row) => row.map((cell) => cell?.time ?? null));
    }
    const points = [...sources, ...targets].map((p) => `${p.lng},${p.lat}`).join(";");
    const url = new URL(`${base}/table/v1/driving/${points}`);
    url.searchParams.set("sources", sources.map((_, i) => i).join(";"));
    url.searchParams.set("destinations", targets.map((_, i) => sources.length + i).join(";"));
    url.searchParams.set("annotations", "duration");
    const response = await fetch(url, { headers: { accept: "application/json" }, signal });
    if (!response.ok) return undefined;
    const parsed = ZOsrmTable.safeParse(await response.json());
    return parsed.success ? parsed.data.durations : undefined;
  } catch {
    // Timeout, refused connection, a body that is not JSON: the estimate answers.
    return undefined;
  }
}

/** Batches whose unique points stay within MAX_POINTS per request. */
function batches(pairs: readonly DrivePair[]): number[][] {
  const result: number[][] = [];
  let current: number[] = [];
  let points = new Set<string>();
  pairs.forEach((pair, index) => {
    const added = [key(pair.from), key(pair.to)].filter((id) => !points.has(id)).length;
    if (current.length > 0 && points.size + added > MAX_POINTS) {
      result.push(current);
      current = [];
      points = new Set();
    }
    current.push(index);
    points.add(key(pair.from));
    points.add(key(pair.to));
  });
  if (current.length > 0) result.push(current);
  return result;
}

/**
 * Minutes for each pair (same order), with `model` (the company's drive settings) for the
 * estimate and for the minutes to park, which an engine's drive time does not include.
 * `routing` null: the estimate only.
 */
export async function driveMinutesFor(
  pairs: readonly DrivePair[],
  model: DriveModel,
  routing: RoutingSettings | null | undefined = config.routing,
): Promise<DriveTimes> {
  const estimate = (pair: DrivePair) => estimateDriveMinutes(pair.from, pair.to, model);
  if (!routing || pairs.length === 0) return { minutes: pairs.map(estimate), source: "estimate" };
  const minutes: number[] = new Array(pairs.length);
  let routed = 0;
  await Promise.all(
    batches(pairs).map(async (indexes) => {
      const batch = indexes.map((index) => pairs[index]);
      const { sources, targets, cells } = matrixOf(batch);
      const table = await askEngine(routing, sources, targets);
      indexes.forEach((index, at) => {
        const pair = pairs[index];
        const [row, column] = cells[at];
        const seconds = table?.[row]?.[column];
        if (typeof seconds !== "number" || !Number.isFinite(seconds)) {
          minutes[index] = estimate(pair);
          return;
        }
        routed += 1;
        // The same point is no drive at all; elsewhere the engine's time plus parking.
        minutes[index] = key(pair.from) === key(pair.to) ? 0 : Math.round(seconds / 60) + model.parkMinutes;
      });
    }),
  );
  const source: DriveTimesSource = routed === pairs.length ? "routing" : routed === 0 ? "estimate" : "mixed";
  return { minutes, source };
}

/** Minutes for each pair with the company's drive settings: the engine when one is configured, else the estimate. */
export async function driveMinutesBetween(
  companyId: string,
  pairs: readonly DrivePair[],
  routing: RoutingSettings | null | undefined = config.routing,
): Promise<DriveTimes> {
  const { drive } = await loadCompanySettings(companyId);
  return driveMinutesFor(pairs, drive, routing);
}
