import { z } from "zod";

/**
 * What the Map view needs from the server (docs/schedule.md, "Map"): the basemap style
 * (`MAP_STYLE_URL`), or null for the plain background that loads nothing from elsewhere.
 */
export const ZMapConfig = z.object({ styleUrl: z.string().nullable() }).meta({ id: "MapConfig" });
export type MapConfigDTO = z.infer<typeof ZMapConfig>;
