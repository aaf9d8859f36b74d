/**
 * The route map as any screen uses it (the Map view, the optimizer's preview): its code
 * (maplibre-gl, ~800 kB) loads on first use only (LazyRouteMap; the Map view is handed it
 * loaded, with its own code: features/schedule/map/loadMapView.ts), the basemap style comes from the server
 * (GET /api/map-config: MAP_STYLE_URL or none), and a map that cannot be drawn (no WebGL, the
 * chunk not loaded offline) says so instead of taking the screen with it. docs/schedule.md, "Map".
 */
import type { MapConfigDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Alert, Spin } from "antd";
import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from "react";
import { queryKeys } from "../../lib/queryKeys";
import type { RouteMapProps } from "./RouteMap";

const LazyMap = lazy(() => import("./RouteMap"));

/** The basemap style (MAP_STYLE_URL), asked for once. */
export function useMapConfig() {
  return useQuery<MapConfigDTO>({ queryKey: queryKeys.mapConfig(), staleTime: Number.POSITIVE_INFINITY });
}

class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <MapUnavailable /> : this.props.children;
  }
}

function MapUnavailable({ reason }: { reason?: string }) {
  return (
    <Alert
      className="route-map__unavailable"
      type="warning"
      showIcon
      title="The map could not be drawn"
      description={`${reason ? `${reason}. ` : ""}The list has every stop.`}
      data-testid="map-unavailable"
    />
  );
}

export type LazyRouteMapProps = Omit<RouteMapProps, "styleUrl" | "onError">;

/**
 * The map (`map`: RouteMap already loaded, or LazyMap; null: its code could not be loaded) with
 * its basemap setting, and a notice instead when it cannot be drawn.
 */
export function RouteMapFrame({
  map: MapComponent,
  ...props
}: LazyRouteMapProps & { map: ComponentType<RouteMapProps> | null }) {
  const config = useMapConfig();
  const [error, setError] = useState<string | null>(null);
  if (error || !MapComponent) return <MapUnavailable reason={error ?? undefined} />;
  const loading = (
    <div className="route-map route-map__loading">
      <Spin />
    </div>
  );
  // Without an answer (offline, an error) the plain background does: it needs nothing from anywhere.
  if (config.isPending && config.fetchStatus === "fetching") return loading;
  return (
    <MapBoundary>
      <Suspense fallback={loading}>
        <MapComponent {...props} styleUrl={config.data?.styleUrl ?? null} onError={setError} />
      </Suspense>
    </MapBoundary>
  );
}

/** The map whose code loads on first use. */
export function LazyRouteMap(props: LazyRouteMapProps) {
  return <RouteMapFrame map={LazyMap} {...props} />;
}
