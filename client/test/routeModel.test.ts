/** The Map view's routes as numbers: order, numbering, colours, drive time, lines (docs/schedule.md, "Map"). */
import { DEFAULT_DRIVE_MODEL, estimateDriveMinutes, type Place } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { ROUTES_SOURCE, STOPS_LAYER, withRoutes } from "../src/components/route-map/routeLayers";
import {
  contrast,
  dayRoutes,
  driveWords,
  ROUTE_COLOURS,
  routeBounds,
  routeColour,
  routeLines,
  routeStops,
  stopIconId,
} from "../src/components/route-map/routeModel";
import { directionsLink } from "../src/features/my-day/links";
import { parseLatLng } from "../src/features/schedule/map/SetPlaceDialog";
import { buildJob } from "./builders";

const DAY = "2026-12-02";
const place = (lat: number, lng: number): Place => ({ lat, lng, precision: "street" });
const roster = [
  { id: "e1", name: "Ann" },
  { id: "e2", name: "Bo" },
  { id: "e3", name: "Cy" },
];

describe("dayRoutes", () => {
  const jobs = [
    buildJob({ id: "j3", employeeId: "e1", date: DAY, time: "13:00", place: place(40.75, -73.99) }),
    buildJob({ id: "j1", employeeId: "e1", date: DAY, time: "08:00", place: place(40.7, -74.0) }),
    buildJob({ id: "j2", employeeId: "e1", date: DAY, time: "10:30", place: null }),
    buildJob({ id: "j4", employeeId: "e2", date: DAY, time: "09:00", place: place(40.8, -73.9) }),
    buildJob({ id: "other-day", employeeId: "e2", date: "2026-12-03", time: "09:00" }),
    buildJob({ id: "cancelled", employeeId: "e2", date: DAY, time: "11:00", status: "cancelled" }),
    buildJob({ id: "tray", employeeId: null, date: null, time: null }),
  ];

  it("gives each technician with work that day a route, in the roster's order, stops in time order and numbered", () => {
    const routes = dayRoutes(jobs, roster, DAY);
    expect(routes.map((route) => route.name)).toEqual(["Ann", "Bo"]);
    expect(routes[0].stops.map((stop) => [stop.job.id, stop.number])).toEqual([
      ["j1", 1],
      ["j2", 2],
      ["j3", 3],
    ]);
    expect(routes[1].stops.map((stop) => stop.job.id)).toEqual(["j4"]);
  });

  it("counts the drive from the last stop with a place, none to or from a stop without one", () => {
    const [ann] = dayRoutes(jobs, roster, DAY);
    const expected = estimateDriveMinutes(place(40.7, -74.0), place(40.75, -73.99), DEFAULT_DRIVE_MODEL);
    expect(ann.stops.map((stop) => stop.driveMinutes)).toEqual([null, null, expected]);
    expect(ann.driveMinutes).toBe(expected);
  });

  it("uses the company's drive model", () => {
    const slow = { roadFactor: 2, averageSpeedKmh: 10, parkMinutes: 10 };
    const [ann] = dayRoutes(jobs, roster, DAY, slow);
    expect(ann.driveMinutes).toBe(estimateDriveMinutes(place(40.7, -74.0), place(40.75, -73.99), slow));
  });

  it("keeps a technician's colour by their place in the roster, whatever the day holds", () => {
    const routes = dayRoutes(
      jobs.filter((job) => job.employeeId === "e2"),
      roster,
      DAY,
    );
    expect(routes[0].colour).toEqual(routeColour(1));
  });

  it("draws a line through the stops with a place, longitude first, and frames them", () => {
    const routes = dayRoutes(jobs, roster, DAY);
    const lines = routeLines(routes);
    // Bo has one stop: no line.
    expect(lines.features).toHaveLength(1);
    expect(lines.features[0].geometry.coordinates).toEqual([
      [-74.0, 40.7],
      [-73.99, 40.75],
    ]);
    expect(lines.features[0].properties.colour).toBe(routes[0].colour.fill);
    expect(routeBounds(routes)).toEqual([
      [-74.0, 40.7],
      [-73.9, 40.8],
    ]);
    expect(routeBounds([])).toBeNull();
  });

  it("gives each stop with a place a point named by its job, drawn as its route's numbered disc", () => {
    const routes = dayRoutes(jobs, roster, DAY);
    const stops = routeStops(routes);
    // j2 has no place: no point, and j3 keeps its number 3.
    expect(stops.features.map((stop) => [stop.properties.jobId, stop.properties.icon])).toEqual([
      ["j1", stopIconId(routes[0].colour, 1)],
      ["j3", stopIconId(routes[0].colour, 3)],
      ["j4", stopIconId(routes[1].colour, 1)],
    ]);
    expect(stops.features[0].geometry.coordinates).toEqual([-74.0, 40.7]);
  });

  it("puts the lines and the stops into a style, on top of its own layers, the job as the feature id", () => {
    const base = { version: 8 as const, sources: {}, layers: [{ id: "bg", type: "background" as const }] };
    const style = withRoutes(base, dayRoutes(jobs, roster, DAY));
    expect(style.layers.map((layer) => layer.id)).toEqual(["bg", "route-casing", "route-line", STOPS_LAYER]);
    const source = style.sources[ROUTES_SOURCE];
    expect(source).toMatchObject({ type: "geojson", promoteId: "jobId" });
    expect(
      source.type === "geojson" && typeof source.data === "object" && "features" in source.data
        ? source.data.features.length
        : 0,
    ).toBe(4);
  });
});

describe("route colours", () => {
  it("are distinct, and each number on its marker reads (contrast of at least 4.5:1)", () => {
    expect(new Set(ROUTE_COLOURS.map((colour) => colour.fill)).size).toBe(ROUTE_COLOURS.length);
    for (const colour of ROUTE_COLOURS)
      expect(contrast(colour.fill, colour.text)).toBeGreaterThanOrEqual(4.5);
  });

  it("repeat after the palette, never fail for a large team", () => {
    expect(routeColour(ROUTE_COLOURS.length)).toEqual(routeColour(0));
    expect(routeColour(49)).toBeDefined();
  });
});

describe("words and links", () => {
  it("says drive time as a person would", () => {
    expect(driveWords(25)).toBe("25 min");
    expect(driveWords(60)).toBe("1 h");
    expect(driveWords(65)).toBe("1 h 5 min");
  });

  it("gives directions to the place, else to the address", () => {
    expect(directionsLink({ location: "12 Oak Rd", place: place(40.7, -74) })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=40.7,-74",
    );
    expect(directionsLink({ location: "12 Oak Rd, Springfield", place: null })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=12%20Oak%20Rd%2C%20Springfield",
    );
  });

  it("reads a point as a maps app shares it", () => {
    expect(parseLatLng("40.7128, -74.0060")).toEqual({ lat: 40.7128, lng: -74.006 });
    expect(parseLatLng("91, 0")).toBe("Latitude must be between -90 and 90");
    expect(parseLatLng("12 Oak Rd")).toBe("Enter latitude and longitude, e.g. 40.7128, -74.0060");
  });
});
