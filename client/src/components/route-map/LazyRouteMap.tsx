/**
 * The route map as any screen uses it (the Map view, the optimizer's preview): its code
 * (maplibre-gl, ~800 kB) loads on first use only, the basemap style comes from the server
 * (GET /api/map-config: MAP_STYLE_URL or none), and a map that cannot be drawn (no WebGL, the
 * chunk not loaded offline) says so instead of taking the screen with it. docs/schedule.md, "Map".
 */
import type { MapConfigDTO } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Alert, Spin } from "antd";
import { Component, lazy, type ReactNode, Suspense, useState } from "react";
import { queryKeys } from "../../lib/queryKeys";
import type { RouteMapProps } from "./RouteMap";

const RouteMap = lazy(() => import("./RouteMap"));

/** Starts loading the map's code early (the Map tab hovered or chosen). */
export const preloadRouteMap = () => void import("./RouteMap");

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

export function LazyRouteMap(props: LazyRouteMapProps) {
  const config = useMapConfig();
  const [error, setError] = useState<string | null>(null);
  if (error) return <MapUnavailable reason={error} />;
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
        <RouteMap {...props} styleUrl={config.data?.styleUrl ?? null} onError={setError} />
      </Suspense>
    </MapBoundary>
  );
}
