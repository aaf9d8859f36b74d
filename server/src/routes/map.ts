/** The Map view's configuration (docs/schedule.md, "Map"): the basemap style, if the server has one. */
import { mapConfig } from "@sched/core/queries/map-config";
import { ZMapConfig } from "@sched/shared-types";
import { Router } from "express";
import { route } from "../http/route";

export const mapRouter = Router();

mapRouter.get(
  "/map-config",
  route({ access: "user", response: ZMapConfig }, () => mapConfig()),
);
