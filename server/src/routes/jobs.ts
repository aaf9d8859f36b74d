import { createJob, JOB_NOT_FOUND } from "@sched/core/commands/save-job";
import { deleteOccurrences, updateOccurrences } from "@sched/core/commands/series-scope";
import { jobs } from "@sched/core/db/schema";
import { NotFound } from "@sched/core/errors";
import { loadJobPhoto } from "@sched/core/queries/job-photos";
import { jobListBody, loadJobListAccess } from "@sched/core/queries/list-jobs";
import {
  JOB_PHOTO_KINDS,
  ZIdParams,
  ZJobCreate,
  ZJobListQuery,
  ZJobPhotoParams,
  ZJobPhotoQuery,
  ZJobUpdate,
  ZSeriesScopeQuery,
} from "@sched/shared-types";
import { Router } from "express";
import { JOBS_VARY, REVALIDATE_ALWAYS } from "../http/cache-headers";
import { companyDoor, route, rowDoor } from "../http/route";
import { expectedVersion } from "../http/versions";

export const jobsRouter = Router();

export const PHOTO_NOT_FOUND = "Photo not found";

/**
 * The board's list, answered with an ETag: the company door reads the membership and the
 * list's fingerprint in one small query, so an unchanged list costs that and a 304; a
 * changed one is built once per process and change (core/src/queries/list-jobs.ts).
 */
jobsRouter.get(
  "/",
  route({ access: "user", query: ZJobListQuery }, async ({ userId, query, req, res }) => {
    const filter = {
      startDate: query.startDate,
      endDate: query.endDate,
      employeeId: query.employeeId,
      // The Unscheduled tray (docs/schedule.md): the company's jobs without a date.
      unscheduled: query.unscheduled,
    };
    const { companyId, etag } = await companyDoor(req, userId, "read", (user, company) =>
      loadJobListAccess(user, company, filter),
    );
    // Browsers revalidate every time (no-cache) and get a 304 when nothing changed.
    res.setHeader("Cache-Control", REVALIDATE_ALWAYS);
    res.setHeader("Vary", JOBS_VARY);
    res.setHeader("ETag", etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const body = await jobListBody(companyId, filter, etag);
    res.setHeader("ETag", body.etag);
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    if (req.acceptsEncodings("gzip") === "gzip") {
      res.setHeader("Content-Encoding", "gzip");
      res.end(await body.gzipped());
      return;
    }
    res.end(body.json);
  }),
);

jobsRouter.post(
  "/",
  route(
    { access: { company: "manageJobs" }, body: ZJobCreate, idempotent: true, status: 201 },
    ({ member, body }) => createJob(member, body),
  ),
);

/**
 * A job change. Every member may report progress; updateJob lets only the roles that
 * manage jobs change the plan. A save from an older version than the job's answers 409
 * stale (docs/api.md). With an `Idempotency-Key` a repeat (a phone's queued change sent
 * again, docs/offline.md) answers the first answer instead of changing the job twice.
 */
jobsRouter.put(
  "/:id",
  route(
    { access: "user", params: ZIdParams, query: ZSeriesScopeQuery, body: ZJobUpdate, idempotent: true },
    async ({ userId, params, query, body, req }) => {
      const { row, member } = await rowDoor(jobs, params.id, userId, "progressJobs", JOB_NOT_FOUND);
      // An occurrence of a recurring job may be edited with its series (docs/schedule.md, "Recurring jobs").
      return updateOccurrences(member, row, body, query, expectedVersion(req, body.version));
    },
  ),
);

jobsRouter.delete(
  "/:id",
  route(
    { access: "user", params: ZIdParams, query: ZSeriesScopeQuery, status: 204 },
    async ({ userId, params, query }) => {
      const { row, member } = await rowDoor(jobs, params.id, userId, "manageJobs", JOB_NOT_FOUND);
      await deleteOccurrences(member, row, query);
    },
  ),
);

/** The photo bytes, for members of the job's company only; the URL's ?v= changes with the job. */
jobsRouter.get(
  "/:id/photos/:kind",
  route(
    { access: "user", params: ZJobPhotoParams, query: ZJobPhotoQuery },
    async ({ userId, params, query, res }) => {
      const kind = JOB_PHOTO_KINDS.find((known) => known === params.kind);
      if (!kind) throw new NotFound(PHOTO_NOT_FOUND);
      const { row } = await rowDoor(jobs, params.id, userId, "read", JOB_NOT_FOUND);
      const photo = await loadJobPhoto(row.id, kind);
      if (!photo) throw new NotFound(PHOTO_NOT_FOUND);
      res.setHeader("Content-Type", photo.mimeType);
      // Only the current versioned URL may be kept for good: an unversioned one can change under it.
      const isCurrentVersion = query.v === String(row.updatedAt.getTime());
      res.setHeader(
        "Cache-Control",
        isCurrentVersion ? "private, max-age=31536000, immutable" : "private, no-cache",
      );
      res.setHeader("Content-Disposition", `inline; filename="${kind}-${row.id}"`);
      res.end(photo.bytes);
    },
  ),
);
