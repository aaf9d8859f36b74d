/**
 * The day's routes on a map (MapLibre GL, docs/schedule.md "Map"): a numbered disc per stop in
 * its technician's colour, a line between consecutive stops, both drawn by MapLibre's layers
 * (a GeoJSON source each: nothing in the page per stop, nothing placed again on each move); the
 * selected stop is MapLibre's own marker, larger and draggable. Loaded only with the map
 * (LazyRouteMap): maplibre-gl is ~800 kB, never part of the board's or sign-in's first load.
 * The map is for the eye and the mouse; the list beside it is what the keyboard and screen
 * readers use, so the stops are hidden from them.
 */
import {
  type GeoJSONSource,
  MapLibreMap,
  Marker,
  NavigationControl,
  prewarm,
  type StyleSpecification,
  setWorkerUrl,
} from "maplibre-gl";
// The worker is its own file (maplibre-gl 6): built as an asset of ours, from our origin (CSP worker-src).
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef } from "react";
import "maplibre-gl/dist/maplibre-gl.css";
import "./route-map.css";
import { ROUTES_SOURCE, routeFeatures, STOPS_LAYER, withRoutes } from "./routeLayers";
import { type DayRoute, routeBounds } from "./routeModel";
import { addStopIcons } from "./stopIcons";

setWorkerUrl(workerUrl);
// MapLibre's worker starts as this code arrives, while the day's jobs are still on their way,
// not once the first map is made (and it stays for the next visit of the view).
prewarm();

/** Without MAP_STYLE_URL: a plain background, nothing fetched from anywhere (docs/schedule.md, "Map"). */
export const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": "#eef2f6" } }],
};

/** Every stop in view, and not closer than a street. */
const FIT = { padding: 48, maxZoom: 14 };

export type RouteMapProps = {
  routes: readonly DayRoute[];
  /** A MapLibre style URL (MAP_STYLE_URL), or null for the plain background. */
  styleUrl: string | null;
  /** The map frames every stop again when this changes (the day shown), not on every live update. */
  frameKey: string;
  selectedJobId?: string | null;
  onSelect?: (jobId: string) => void;
  /** A double click on a marker. */
  onOpen?: (jobId: string) => void;
  /** Markers can be dragged to set a job's place; a rejected save puts the marker back. */
  onMovePin?: (jobId: string, lat: number, lng: number) => Promise<unknown>;
  /** "Set pin": the next click on the map is the job's place. */
  isPicking?: boolean;
  onPick?: (lat: number, lng: number) => void;
  /** The map could not be drawn (no WebGL, a style that fails to load). */
  onError?: (message: string) => void;
  /** What the map shows, for the map's region (the list is the screen reader's way through the stops). */
  label?: string;
};

/** The selected stop: MapLibre's own (draggable) marker over the stops' layer. */
type Selected = { marker: Marker; element: HTMLDivElement; jobId: string; lngLat: [number, number] };

function markerElement(): HTMLDivElement {
  const element = document.createElement("div");
  element.className = "route-map__stop is-selected";
  element.setAttribute("aria-hidden", "true");
  element.dataset.testid = "map-selected-stop";
  return element;
}

export default function RouteMap(props: RouteMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const selectedRef = useRef<Selected | null>(null);
  const loadedRef = useRef(false);
  // The routes the map's source was last handed.
  const drawnRef = useRef<readonly DayRoute[] | null>(null);
  const framedRef = useRef<string | null>(null);
  // Once the person pans or zooms, the map stays where they put it (no framing on resize).
  const movedByHandRef = useRef(false);
  // The latest props for the map's own event handlers, which are bound once.
  const propsRef = useRef(props);
  propsRef.current = props;

  const draw = () => {
    const map = mapRef.current;
    if (!map || !loadedRef.current) return;
    const { routes, frameKey } = propsRef.current;
    if (drawnRef.current !== routes) {
      (map.getSource(ROUTES_SOURCE) as GeoJSONSource | undefined)?.setData(routeFeatures(routes));
      handed(routes);
    }
    highlight();
    if (framedRef.current !== frameKey) {
      movedByHandRef.current = false;
      if (frame()) framedRef.current = frameKey;
    }
  };

  /** Notes the routes the map's source has; the stops it draws are counted (nothing in the page to count). */
  const handed = (routes: readonly DayRoute[]) => {
    drawnRef.current = routes;
    const count = routes.reduce((sum, route) => sum + route.stops.filter((stop) => stop.place).length, 0);
    if (containerRef.current) containerRef.current.dataset.stops = String(count);
  };

  /** Fits every stop in view; false when no stop has a place. */
  const frame = (): boolean => {
    const map = mapRef.current;
    const bounds = map ? routeBounds(propsRef.current.routes) : null;
    if (!map || !bounds) return false;
    map.fitBounds(bounds, { ...FIT, animate: false });
    return true;
  };

  /**
   * The selected stop: its disc in the layer hidden (feature state, no new layout) and a marker
   * in its place, larger, outlined and draggable by the office.
   */
  const highlight = () => {
    const map = mapRef.current;
    if (!map || !loadedRef.current) return;
    const { routes, selectedJobId, onMovePin } = propsRef.current;
    const route = routes.find((each) => each.stops.some((stop) => stop.job.id === selectedJobId));
    const stop = route?.stops.find((each) => each.job.id === selectedJobId);
    let selected = selectedRef.current;
    if (selected && selected.jobId !== selectedJobId) {
      map.setFeatureState({ source: ROUTES_SOURCE, id: selected.jobId }, { selected: false });
    }
    if (!route || !stop?.place) {
      selected?.marker.remove();
      selectedRef.current = null;
      return;
    }
    const lngLat: [number, number] = [stop.place.lng, stop.place.lat];
    map.setFeatureState({ source: ROUTES_SOURCE, id: stop.job.id }, { selected: true });
    if (!selected) {
      const element = markerElement();
      element.addEventListener("click", (event) => event.stopPropagation());
      element.addEventListener("dblclick", (event) => {
        event.stopPropagation();
        const jobId = selectedRef.current?.jobId;
        if (jobId) propsRef.current.onOpen?.(jobId);
      });
      const marker = new Marker({ element }).setLngLat(lngLat).addTo(map);
      marker.on("dragend", () => {
        const current = selectedRef.current;
        const move = propsRef.current.onMovePin;
        if (!current || !move) return;
        const { lng, lat } = marker.getLngLat();
        // A refused save puts the marker back where the job's place still is.
        move(current.jobId, lat, lng).catch(() => marker.setLngLat(current.lngLat));
      });
      selected = { marker, element, jobId: stop.job.id, lngLat };
      selectedRef.current = selected;
    }
    // Moved only when the stop did: a live update elsewhere leaves a marker being dragged alone.
    if (selected.jobId !== stop.job.id || selected.lngLat.join() !== lngLat.join()) {
      selected.marker.setLngLat(lngLat);
    }
    selected.jobId = stop.job.id;
    selected.lngLat = lngLat;
    selected.marker.setDraggable(Boolean(onMovePin));
    const { element } = selected;
    element.dataset.jobId = stop.job.id;
    element.textContent = String(stop.number);
    element.style.background = route.colour.fill;
    element.style.color = route.colour.text;
    element.title = `${route.name} · ${stop.number}. ${stop.job.time ?? ""} ${stop.job.location}`;
  };

  // The map, once; its style stays for the life of the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; draw() reads the latest props
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { routes, styleUrl, frameKey } = propsRef.current;
    // Made with the day's stops framed and drawn in its first frame (routeLayers.ts).
    const bounds = routeBounds(routes);
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: styleUrl ? undefined : withRoutes(PLAIN_STYLE, routes),
        ...(bounds ? { bounds, fitBoundsOptions: FIT } : { center: [0, 20], zoom: 1 }),
        // A plain background has nothing to credit; a configured style brings its own attribution.
        attributionControl: styleUrl ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
        // The stops are symbols: drawn at once, not faded in over the next frames before `idle`.
        fadeDuration: 0,
      });
    } catch (error) {
      propsRef.current.onError?.((error as Error).message);
      return;
    }
    mapRef.current = map;
    if (bounds) framedRef.current = frameKey;
    if (styleUrl) {
      // The basemap with the routes on top, as they are when it arrives.
      map.setStyle(styleUrl, {
        transformStyle: (_previous, next) => {
          handed(propsRef.current.routes);
          return withRoutes(next, propsRef.current.routes);
        },
      });
    } else {
      handed(routes);
    }
    map.addControl(new NavigationControl({ showCompass: false }), "top-right");
    addStopIcons(map);
    map.on("load", () => {
      loadedRef.current = true;
      // The box may have changed size since the map was made (its styles arriving with it), and
      // MapLibre's own watch skips the first change it sees: measure it again (a new size frames again).
      map.resize();
      draw();
      map.once("idle", () => {
        container.dataset.state = "ready";
      });
    });
    // The box can change size after the map is made (the layout settling, a phone turned):
    // the stops are framed again unless the person has moved the map.
    map.on("movestart", (event) => {
      if ((event as { originalEvent?: Event }).originalEvent) movedByHandRef.current = true;
    });
    map.on("resize", () => {
      if (loadedRef.current && !movedByHandRef.current) frame();
    });
    map.on("click", (event) => {
      const { isPicking, onPick, onSelect } = propsRef.current;
      // A stop clicked selects it (the one under the pointer, when they crowd), even while picking.
      const [stop] = loadedRef.current
        ? map.queryRenderedFeatures(event.point, { layers: [STOPS_LAYER] })
        : [];
      if (stop) onSelect?.(String(stop.properties.jobId));
      else if (isPicking && onPick) onPick(event.lngLat.lat, event.lngLat.lng);
    });
    map.on("dblclick", STOPS_LAYER, (event) => {
      // Opens the job instead of zooming in.
      event.preventDefault();
      const jobId = event.features?.[0]?.properties.jobId;
      if (jobId) propsRef.current.onOpen?.(String(jobId));
    });
    map.on("mouseenter", STOPS_LAYER, () => {
      map.getCanvas().style.cursor = "pointer";
    });
    map.on("mouseleave", STOPS_LAYER, () => {
      map.getCanvas().style.cursor = "";
    });
    map.on("error", (event) => {
      // A tile that fails is the basemap's business; a style that fails leaves no map.
      if (!map.isStyleLoaded()) propsRef.current.onError?.(event.error?.message ?? "The map could not load");
    });
    return () => {
      selectedRef.current = null;
      loadedRef.current = false;
      mapRef.current = null;
      map.remove();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: draw() reads these through propsRef
  useEffect(draw, [props.routes, props.frameKey, props.onMovePin]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: highlight() reads it through propsRef
  useEffect(() => {
    highlight();
    const map = mapRef.current;
    const selected = selectedRef.current;
    if (map && selected && !map.getBounds().contains(selected.lngLat))
      map.easeTo({ center: selected.lngLat });
  }, [props.selectedJobId]);

  return (
    <section
      ref={containerRef}
      className={props.isPicking ? "route-map is-picking" : "route-map"}
      data-testid="route-map"
      aria-label={props.label ?? "Map of the stops"}
    />
  );
}
