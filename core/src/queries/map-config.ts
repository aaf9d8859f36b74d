/** The Map view's basemap (docs/schedule.md, "Map"): MAP_STYLE_URL, or none (a plain background). */
import type { MapConfigDTO } from "@sched/shared-types";
import { config } from "../config";

export function mapConfig(): MapConfigDTO {
  return { styleUrl: config.mapStyleUrl ?? null };
}
