import { addJobPhoto } from "@sched/core/commands/add-job-photo";
import { deleteJobPhoto } from "@sched/core/commands/delete-job-photo";
import { PHOTO_NOT_FOUND } from "@sched/core/commands/job-photos";
import { createJob, JOB_NOT_FOUND } from "@sched/core/commands/save-job";
import { deleteOccurrences, updateOccurrences } from "@sched/core/commands/series-scope";
import { jobs } from "@sched/core/db/schema";
import { NotFound } from "@sched/core/errors";
import { listJobPhotos, loadJobPhoto } from "@sched/core/queries/job-photos";
import { jobListBody, loadJobListAccess } from "@sched/core/queries/list-jobs";
import {
  ZIdParams,
  ZJobCreate,
  ZJobListQuery,
  ZJobPhotoCreate,
  ZJobPhotoIdParams,
  ZJobPhotoParams,
  ZJobPhotoQuery,
  ZJobUpdate,
  ZSeriesScopeQuery,
} from "@sched/shared-types";
import { Router } from "express";
import { JOBS_VARY, REVALIDATE_ALWAYS } from "../http/cache-headers";
import { loadAuthorizedRow, requireCompanyAccess, route } from "../http/route";
import { expectedVersion } from "../http/versions";

export const jobsRouter = Router();

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
    const { companyId, etag } = await requireCompanyAccess(req, userId, "read", (user, company) =>
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
      const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "progressJobs", JOB_NOT_FOUND);
      // An occurrence of a recurring job may be edited with its series (docs/schedule.md).
      return updateOccurrences(member, row, body, query, expectedVersion(req, body.version));
    },
  ),
);

jobsRouter.delete(
  "/:id",
  route(
    { access: "user", params: ZIdParams, query: ZSeriesScopeQuery, status: 204 },
    async ({ userId, params, query }) => {
      const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "manageJobs", JOB_NOT_FOUND);
      await deleteOccurrences(member, row, query);
    },
  ),
);

/** The job's photos, both kinds, oldest first, without their bytes (docs/api.md). */
jobsRouter.get(
  "/:id/photos",
  route({ access: "user", params: ZIdParams }, async ({ userId, params }) => {
    const { row } = await loadAuthorizedRow(jobs, params.id, userId, "read", JOB_NOT_FOUND);
    return listJobPhotos(row.companyId, row.id);
  }),
);

/**
 * One photo more (a technician's own jobs only, policies/job-progress.ts). With an
 * `Idempotency-Key` a phone's queued photo sent again is stored once (docs/offline.md).
 */
jobsRouter.post(
  "/:id/photos",
  route(
    { access: "user", params: ZIdParams, body: ZJobPhotoCreate, idempotent: true, status: 201 },
    async ({ userId, params, body }) => {
      const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "progressJobs", JOB_NOT_FOUND);
      return addJobPhoto(member, row, body);
    },
  ),
);

/** The office deletes one photo; answers the job as it is after. */
jobsRouter.delete(
  "/:id/photos/:photoId",
  route({ access: "user", params: ZJobPhotoIdParams }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "manageJobs", JOB_NOT_FOUND);
    return deleteJobPhoto(member, row, params.photoId);
  }),
);

/**
 * The photo bytes, for members of the job's company only. `:photo` is the photo's id (its
 * bytes never change: kept for good), or a kind for the first photo of that kind (the
 * older address, whose `?v=` changes with the job).
 */
jobsRouter.get(
  "/:id/photos/:photo",
  route(
    { access: "user", params: ZJobPhotoParams, query: ZJobPhotoQuery },
    async ({ userId, params, query, res }) => {
      const { row } = await loadAuthorizedRow(jobs, params.id, userId, "read", JOB_NOT_FOUND);
      const photo = await loadJobPhoto(row.id, params.photo);
      if (!photo) throw new NotFound(PHOTO_NOT_FOUND);
      res.setHeader("Content-Type", photo.mimeType);
      // A kind's address may be kept only at the job's current version: the first photo can change under it.
      const isForGood = !photo.isFirstOfKind || query.v === String(row.updatedAt.getTime());
      res.setHeader(
        "Cache-Control",
        isForGood ? "private, max-age=31536000, immutable" : "private, no-cache",
      );
      res.setHeader("Content-Disposition", `inline; filename="photo-${photo.id}"`);
      res.end(photo.bytes);
    },
  ),
);
