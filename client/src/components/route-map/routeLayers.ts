/**
 * The day's routes as parts of the map's style (docs/schedule.md, "Map"): one GeoJSON source
 * with each route's line and each stop's point, and the layers that draw them. They go into the
 * style before its first frame (the plain background's own object, or a basemap's through
 * MapLibre's `transformStyle`), so the map's first drawing has them: one source to parse, no
 * frames of an empty map first.
 */
import type { FilterSpecification, LayerSpecification, StyleSpecification } from "maplibre-gl";
import { type DayRoute, routeLines, routeStops } from "./routeModel";

export const ROUTES_SOURCE = "routes";
export const STOPS_LAYER = "route-stops";

/** The lines and the stops in one collection (GeoJSON); a stop's feature id is its job's. */
export function routeFeatures(routes: readonly DayRoute[]) {
  return {
    type: "FeatureCollection" as const,
    features: [...routeLines(routes).features, ...routeStops(routes).features],
  };
}

const isLine: FilterSpecification = ["==", ["geometry-type"], "LineString"];

const LAYERS: LayerSpecification[] = [
  // A dark casing under each coloured line keeps the light colours visible on a light map.
  {
    id: "route-casing",
    type: "line",
    source: ROUTES_SOURCE,
    filter: isLine,
    layout: { "line-join": "round", "line-cap": "round" },
    paint: { "line-color": "#1f2937", "line-width": 6, "line-opacity": 0.55 },
  },
  {
    id: "route-line",
    type: "line",
    source: ROUTES_SOURCE,
    filter: isLine,
    layout: { "line-join": "round", "line-cap": "round" },
    paint: { "line-color": ["get", "colour"], "line-width": 3.5 },
  },
  // Every stop a numbered disc (stopIcons.ts), all shown however they crowd, later routes on
  // top; the selected one hidden under its marker (feature state: no new layout).
  {
    id: STOPS_LAYER,
    type: "symbol",
    source: ROUTES_SOURCE,
    filter: ["==", ["geometry-type"], "Point"],
    layout: {
      "icon-image": ["get", "icon"],
      "icon-allow-overlap": true,
      "icon-ignore-placement": true,
      "symbol-z-order": "source",
    },
    paint: { "icon-opacity": ["case", ["boolean", ["feature-state", "selected"], false], 0, 1] },
  },
];

/** `style` with the routes' source and layers on top of its own. */
export function withRoutes(style: StyleSpecification, routes: readonly DayRoute[]): StyleSpecification {
  return {
    ...style,
    sources: {
      ...style.sources,
      [ROUTES_SOURCE]: { type: "geojson", data: routeFeatures(routes), promoteId: "jobId" },
    },
    layers: [...style.layers, ...LAYERS],
  };
}
