/**
 * A day's routes for the map (docs/schedule.md, "Map"): each technician's jobs of the day in
 * time order, numbered, a colour each, the drive between consecutive stops, and the lines and
 * points the map draws. Pure: the Map view, the optimizer's preview and the tests share it.
 */
import {
  DEFAULT_DRIVE_MODEL,
  type DriveModel,
  estimateDriveMinutes,
  type JobDTO,
  type LatLng,
  type Place,
} from "@sched/shared-types";

/** A marker's fill and the number's colour on it (the one of black and white that reads best). */
export type RouteColour = { fill: string; text: string };

/**
 * Colour-blind safe hues: Okabe and Ito's eight, then Paul Tol's muted set for a bigger team.
 * Colours repeat after these; the list beside the map names every route, and a stop's number
 * and the line's order tell two routes of one colour apart.
 */
const FILLS = [
  "#0072B2",
  "#D55E00",
  "#009E73",
  "#CC79A7",
  "#E69F00",
  "#56B4E9",
  "#000000",
  "#F0E442",
  "#332288",
  "#117733",
  "#882255",
  "#44AA99",
  "#AA4499",
  "#999933",
  "#CC6677",
  "#88CCEE",
];

/** Relative luminance (WCAG 2). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

export const ROUTE_COLOURS: readonly RouteColour[] = FILLS.map((fill) => ({
  fill,
  text: contrast(fill, "#FFFFFF") >= contrast(fill, "#000000") ? "#FFFFFF" : "#000000",
}));

/** The colour of the technician at `index` of the roster: the same every day. */
export const routeColour = (index: number): RouteColour =>
  ROUTE_COLOURS[((index % ROUTE_COLOURS.length) + ROUTE_COLOURS.length) % ROUTE_COLOURS.length];

export type RouteStop = {
  job: JobDTO;
  /** 1, 2, 3… in time order, stops without a place included. */
  number: number;
  place: Place | null;
  /** Minutes of driving from the previous stop with a place; null for the first or without a place. */
  driveMinutes: number | null;
};

export type DayRoute = {
  employeeId: string;
  name: string;
  colour: RouteColour;
  stops: RouteStop[];
  /** The day's driving between its stops, in minutes (the estimate). */
  driveMinutes: number;
};

type Person = { id: string; name: string };

/** A job's place, when it has one. */
export const placeOf = (job: JobDTO): Place | null => job.place ?? null;

/**
 * The routes of `date`: one per person of `roster` with a job that day, in the roster's order
 * (their colour is their place in the roster, so it does not change with the day).
 */
export function dayRoutes(
  jobs: readonly JobDTO[],
  roster: readonly Person[],
  date: string,
  model: DriveModel = DEFAULT_DRIVE_MODEL,
): DayRoute[] {
  const byEmployee = new Map<string, JobDTO[]>();
  for (const job of jobs) {
    if (job.date !== date || !job.employeeId || job.status === "cancelled") continue;
    const list = byEmployee.get(job.employeeId);
    if (list) list.push(job);
    else byEmployee.set(job.employeeId, [job]);
  }
  const routes: DayRoute[] = [];
  roster.forEach((person, index) => {
    const own = byEmployee.get(person.id);
    if (!own) return;
    own.sort((a, b) => (a.time ?? "").localeCompare(b.time ?? "") || a.id.localeCompare(b.id));
    let previous: LatLng | null = null;
    let total = 0;
    const stops = own.map((job, at): RouteStop => {
      const place = placeOf(job);
      const driveMinutes = place && previous ? estimateDriveMinutes(previous, place, model) : null;
      if (driveMinutes) total += driveMinutes;
      if (place) previous = place;
      return { job, number: at + 1, place, driveMinutes };
    });
    routes.push({
      employeeId: person.id,
      name: person.name,
      colour: routeColour(index),
      stops,
      driveMinutes: total,
    });
  });
  return routes;
}

type LineFeature = {
  type: "Feature";
  properties: { employeeId: string; colour: string };
  geometry: { type: "LineString"; coordinates: [number, number][] };
};
export type RouteLines = { type: "FeatureCollection"; features: LineFeature[] };

/** A line per route through its stops with a place, in order (GeoJSON, longitude first). */
export function routeLines(routes: readonly DayRoute[]): RouteLines {
  const features: LineFeature[] = [];
  for (const route of routes) {
    const coordinates = route.stops.flatMap((stop) =>
      stop.place ? [[stop.place.lng, stop.place.lat] as [number, number]] : [],
    );
    if (coordinates.length < 2) continue;
    features.push({
      type: "Feature",
      properties: { employeeId: route.employeeId, colour: route.colour.fill },
      geometry: { type: "LineString", coordinates },
    });
  }
  return { type: "FeatureCollection", features };
}

/** The map image of a stop's numbered disc, drawn when the map first asks for it (stopIcons.ts). */
export const STOP_ICON_PREFIX = "stop:";
export const stopIconId = (colour: RouteColour, number: number) =>
  `${STOP_ICON_PREFIX}${colour.fill}:${colour.text}:${number}`;

type StopFeature = {
  type: "Feature";
  properties: { jobId: string; icon: string };
  geometry: { type: "Point"; coordinates: [number, number] };
};
export type RouteStops = { type: "FeatureCollection"; features: StopFeature[] };

/** A point per stop with a place, named by its job and drawn as its numbered disc (GeoJSON). */
export function routeStops(routes: readonly DayRoute[]): RouteStops {
  const features: StopFeature[] = [];
  for (const route of routes) {
    for (const stop of route.stops) {
      if (!stop.place) continue;
      features.push({
        type: "Feature",
        properties: { jobId: stop.job.id, icon: stopIconId(route.colour, stop.number) },
        geometry: { type: "Point", coordinates: [stop.place.lng, stop.place.lat] },
      });
    }
  }
  return { type: "FeatureCollection", features };
}

/** The box around every stop with a place: [[west, south], [east, north]], or null without any. */
export function routeBounds(routes: readonly DayRoute[]): [[number, number], [number, number]] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const route of routes) {
    for (const { place } of route.stops) {
      if (!place) continue;
      west = Math.min(west, place.lng);
      east = Math.max(east, place.lng);
      south = Math.min(south, place.lat);
      north = Math.max(north, place.lat);
    }
  }
  return west === Infinity
    ? null
    : [
        [west, south],
        [east, north],
      ];
}

/** "1 h 5 min", "25 min". */
export function driveWords(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} h ${rest} min` : `${Math.floor(minutes / 60)} h`;
}
