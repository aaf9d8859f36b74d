/**
 * The day's routes on a map (MapLibre GL, docs/schedule.md "Map"): a numbered marker per stop in
 * its technician's colour, a line between consecutive stops. Loaded only with the map
 * (LazyRouteMap): maplibre-gl is ~800 kB, never part of the board's or sign-in's first load.
 * The map is for the eye and the mouse; the list beside it is what the keyboard and screen
 * readers use, so the markers are hidden from them.
 */
import {
  type GeoJSONSource,
  MapLibreMap,
  Marker,
  NavigationControl,
  type StyleSpecification,
  setWorkerUrl,
} from "maplibre-gl";
// The worker is its own file (maplibre-gl 6): built as an asset of ours, from our origin (CSP worker-src).
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useEffect, useRef } from "react";
import "maplibre-gl/dist/maplibre-gl.css";
import "./route-map.css";
import { type DayRoute, routeBounds, routeLines } from "./routeModel";

setWorkerUrl(workerUrl);

/** Without MAP_STYLE_URL: a plain background, nothing fetched from anywhere (docs/schedule.md, "Map"). */
export const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": "#eef2f6" } }],
};

const SOURCE = "routes";

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

type Pin = { marker: Marker; element: HTMLDivElement; lngLat: [number, number] };

function markerElement(): HTMLDivElement {
  const element = document.createElement("div");
  element.className = "route-map__stop";
  element.setAttribute("aria-hidden", "true");
  element.dataset.testid = "map-stop";
  return element;
}

export default function RouteMap(props: RouteMapProps) {
  const containerRef = useRef<HTMLElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const pinsRef = useRef(new Map<string, Pin>());
  const loadedRef = useRef(false);
  const framedRef = useRef<string | null>(null);
  // Once the person pans or zooms, the map stays where they put it (no framing on resize).
  const movedByHandRef = useRef(false);
  // The latest props for the map's own event handlers, which are bound once.
  const propsRef = useRef(props);
  propsRef.current = props;

  const draw = () => {
    const map = mapRef.current;
    if (!map || !loadedRef.current) return;
    const { routes, frameKey, onMovePin } = propsRef.current;
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(routeLines(routes));
    const pins = pinsRef.current;
    const seen = new Set<string>();
    for (const route of routes) {
      for (const stop of route.stops) {
        if (!stop.place) continue;
        const jobId = stop.job.id;
        seen.add(jobId);
        const lngLat: [number, number] = [stop.place.lng, stop.place.lat];
        let pin = pins.get(jobId);
        if (!pin) {
          const element = markerElement();
          element.dataset.jobId = jobId;
          element.addEventListener("click", (event) => {
            event.stopPropagation();
            propsRef.current.onSelect?.(jobId);
          });
          element.addEventListener("dblclick", (event) => {
            event.stopPropagation();
            propsRef.current.onOpen?.(jobId);
          });
          const marker = new Marker({ element, draggable: Boolean(onMovePin) }).setLngLat(lngLat).addTo(map);
          const created: Pin = { marker, element, lngLat };
          marker.on("dragend", () => {
            const { lng, lat } = marker.getLngLat();
            const move = propsRef.current.onMovePin;
            if (!move) return;
            // A refused save puts the marker back where the job's place still is.
            move(jobId, lat, lng).catch(() => marker.setLngLat(created.lngLat));
          });
          pin = created;
          pins.set(jobId, pin);
        } else if (pin.lngLat[0] !== lngLat[0] || pin.lngLat[1] !== lngLat[1]) {
          pin.marker.setLngLat(lngLat);
        }
        pin.lngLat = lngLat;
        pin.marker.setDraggable(Boolean(onMovePin));
        pin.element.textContent = String(stop.number);
        pin.element.style.background = route.colour.fill;
        pin.element.style.color = route.colour.text;
        pin.element.title = `${route.name} · ${stop.number}. ${stop.job.time ?? ""} ${stop.job.location}`;
      }
    }
    for (const [jobId, pin] of pins) {
      if (seen.has(jobId)) continue;
      pin.marker.remove();
      pins.delete(jobId);
    }
    highlight();
    if (framedRef.current !== frameKey) {
      movedByHandRef.current = false;
      if (frame()) framedRef.current = frameKey;
    }
  };

  /** Fits every stop in view; false when no stop has a place. */
  const frame = (): boolean => {
    const map = mapRef.current;
    const bounds = map ? routeBounds(propsRef.current.routes) : null;
    if (!map || !bounds) return false;
    map.fitBounds(bounds, { padding: 48, maxZoom: 14, animate: false });
    return true;
  };

  const highlight = () => {
    const { selectedJobId } = propsRef.current;
    for (const [jobId, pin] of pinsRef.current) {
      const isSelected = jobId === selectedJobId;
      pin.element.classList.toggle("is-selected", isSelected);
      pin.marker.getElement().style.zIndex = isSelected ? "2" : "";
    }
  };

  // The map, once; its style stays for the life of the view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once; draw() reads the latest props
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container,
        style: props.styleUrl ?? PLAIN_STYLE,
        center: [0, 20],
        zoom: 1,
        // A plain background has nothing to credit; a configured style brings its own attribution.
        attributionControl: props.styleUrl ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
      });
    } catch (error) {
      propsRef.current.onError?.((error as Error).message);
      return;
    }
    mapRef.current = map;
    map.addControl(new NavigationControl({ showCompass: false }), "top-right");
    map.on("load", () => {
      // The box may have changed size since the map was made (its styles arriving with it), and
      // MapLibre's own watch skips the first change it sees: measure it again before framing.
      map.resize();
      map.addSource(SOURCE, { type: "geojson", data: routeLines([]) });
      // A dark casing under each coloured line keeps the light colours visible on a light map.
      map.addLayer({
        id: "route-casing",
        type: "line",
        source: SOURCE,
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": "#1f2937", "line-width": 6, "line-opacity": 0.55 },
      });
      map.addLayer({
        id: "route-line",
        type: "line",
        source: SOURCE,
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": ["get", "colour"], "line-width": 3.5 },
      });
      loadedRef.current = true;
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
      const { isPicking, onPick } = propsRef.current;
      if (isPicking && onPick) onPick(event.lngLat.lat, event.lngLat.lng);
    });
    map.on("error", (event) => {
      // A tile that fails is the basemap's business; a style that fails leaves no map.
      if (!map.isStyleLoaded()) propsRef.current.onError?.(event.error?.message ?? "The map could not load");
    });
    return () => {
      pinsRef.current.clear();
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
    const pin = props.selectedJobId ? pinsRef.current.get(props.selectedJobId) : undefined;
    if (map && pin && !map.getBounds().contains(pin.lngLat)) map.easeTo({ center: pin.lngLat });
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
