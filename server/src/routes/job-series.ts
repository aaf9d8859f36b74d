/** Recurring jobs (docs/schedule.md; docs/api.md). */
import { createJobSeries, SERIES_NOT_FOUND } from "@sched/core/commands/job-series";
import { deleteSeries } from "@sched/core/commands/series-scope";
import { getJobSeries, updateJobSeries } from "@sched/core/commands/update-job-series";
import { jobSeries } from "@sched/core/db/schema";
import {
  ZIdParams,
  ZJobSeries,
  ZJobSeriesCreate,
  ZJobSeriesCreated,
  ZJobSeriesUpdate,
} from "@sched/shared-types";
import { Router } from "express";
import { loadAuthorizedRow, route } from "../http/route";

export const jobSeriesRouter = Router();

/** The series and its occurrences up to 12 weeks ahead: 201 {id, created}. */
jobSeriesRouter.post(
  "/",
  route(
    {
      access: { company: "manageJobs" },
      body: ZJobSeriesCreate,
      idempotent: true,
      status: 201,
      response: ZJobSeriesCreated,
    },
    ({ member, body }) => createJobSeries(member, body),
  ),
);

/** The series as it is now: its rule and version, for the job dialog's Repeat field. */
jobSeriesRouter.get(
  "/:id",
  route({ access: "user", params: ZIdParams, response: ZJobSeries }, async ({ userId, params }) => {
    const { row } = await loadAuthorizedRow(jobSeries, params.id, userId, "read", SERIES_NOT_FOUND);
    return getJobSeries(row);
  }),
);

/** The series from `from` on: a new rule remakes the occurrences still to come; 409 stale. */
jobSeriesRouter.put(
  "/:id",
  route(
    { access: "user", params: ZIdParams, body: ZJobSeriesUpdate, idempotent: true, response: ZJobSeries },
    async ({ userId, params, body }) => {
      const { row, member } = await loadAuthorizedRow(
        jobSeries,
        params.id,
        userId,
        "manageJobs",
        SERIES_NOT_FOUND,
      );
      return (await updateJobSeries(member, row.id, body)).series;
    },
  ),
);

/** Ends the series: occurrences from today on go, earlier ones stay. */
jobSeriesRouter.delete(
  "/:id",
  route({ access: "user", params: ZIdParams, status: 204 }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(
      jobSeries,
      params.id,
      userId,
      "manageJobs",
      SERIES_NOT_FOUND,
    );
    await deleteSeries(member, row.id);
  }),
);
