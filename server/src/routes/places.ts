/**
 * Places (docs/places.md): the office's search, and its pin on a job or a customer. A pin
 * is a change like any other: the office roles only (the job's or customer's managing
 * action), another company's row is 404, a save from an older version 409 stale.
 */

import { JOB_NOT_FOUND } from "@sched/core/commands/save-job";
import { setCustomerPlace, setJobPlace } from "@sched/core/commands/set-place";
import { customers, jobs } from "@sched/core/db/schema";
import { searchPlaces } from "@sched/core/places/search";
import {
  CUSTOMER_NOT_FOUND,
  type TPlacePin,
  ZCustomer,
  ZIdParams,
  ZJob,
  ZPlacePin,
  ZPlaceSearchQuery,
  ZPlaceSuggestion,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";
import { expectedVersion } from "../http/versions";

export const placesRouter = Router();

/** The pin a body asks for: a point, or null to clear it. */
const pointOf = (body: TPlacePin) =>
  body.lat !== undefined && body.lng !== undefined ? { lat: body.lat, lng: body.lng } : null;

placesRouter.get(
  "/places/search",
  route(
    { access: { company: "manageJobs" }, query: ZPlaceSearchQuery, response: z.array(ZPlaceSuggestion) },
    ({ member, query }) => searchPlaces(member.companyId, query.q),
  ),
);

placesRouter.put(
  "/jobs/:id/place",
  route(
    { access: "user", params: ZIdParams, body: ZPlacePin, idempotent: true, response: ZJob },
    async ({ userId, params, body, req }) => {
      const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "manageJobs", JOB_NOT_FOUND);
      return setJobPlace(member, row.id, pointOf(body), expectedVersion(req, body.version));
    },
  ),
);

placesRouter.put(
  "/customers/:id/place",
  route(
    { access: "user", params: ZIdParams, body: ZPlacePin, idempotent: true, response: ZCustomer },
    async ({ userId, params, body, req }) => {
      const { row, member } = await loadAuthorizedRow(
        customers,
        params.id,
        userId,
        "manageCustomers",
        CUSTOMER_NOT_FOUND,
      );
      return setCustomerPlace(member, row.id, pointOf(body), expectedVersion(req, body.version));
    },
  ),
);
