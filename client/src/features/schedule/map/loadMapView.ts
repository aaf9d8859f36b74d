/**
 * The Map view's code (docs/schedule.md, "Map"): the view and the map itself (maplibre-gl,
 * the app's largest chunk), asked for together as soon as the Map is the target (the
 * address says `?view=map` when the schedule page starts its data; the Map tab hovered,
 * focused or pressed), so both load beside the board's data, not one after the other after
 * it. The view is handed the map already loaded: rendering it never suspends again (React
 * holds a boundary's content back up to 300 ms after its fallback showed). A map whose code
 * cannot be loaded (offline: the service worker does not keep it) leaves the view with its
 * list and a notice. Only dynamic imports here: whoever imports this carries none of the map's code.
 */
import { createElement } from "react";
import type { DayMapViewProps } from "./DayMapView";

export const loadMapView = () =>
  Promise.all([
    import("./DayMapView"),
    import("../../../components/route-map/RouteMap").then(
      (module) => module.default,
      () => null,
    ),
  ]).then(([view, map]) => ({
    default: (props: Omit<DayMapViewProps, "map">) => createElement(view.default, { ...props, map }),
  }));
