import { createHash } from "node:crypto";
import { addJobPhoto } from "@sched/core/commands/add-job-photo";
import { deleteJobPhoto } from "@sched/core/commands/delete-job-photo";
import { PHOTO_NOT_FOUND } from "@sched/core/commands/job-photos";
import { restoreJob } from "@sched/core/commands/restore-job";
import { createJob, JOB_NOT_FOUND } from "@sched/core/commands/save-job";
import { deleteOccurrences, updateOccurrences } from "@sched/core/commands/series-scope";
import { deletedJobs, jobs } from "@sched/core/db/schema";
import { NotFound } from "@sched/core/errors";
import { listJobPhotos, loadJobPhoto } from "@sched/core/queries/job-photos";
import { type JobFilter, jobListFingerprint, listJobs } from "@sched/core/queries/list-jobs";
import {
  ZIdParams,
  ZJob,
  ZJobCreate,
  ZJobListQuery,
  ZJobPhotoCreate,
  ZJobPhotoIdParams,
  ZJobPhotoParams,
  ZJobPhotoQuery,
  ZJobUpdate,
  ZSeriesScopeQuery,
  ZStoredJobPhoto,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { JOBS_VARY, REVALIDATE_ALWAYS } from "../http/cache-headers";
import { loadAuthorizedRow, route } from "../http/route";
import { schemaFingerprint } from "../http/schema-fingerprint";
import { expectedVersion } from "../http/versions";

export const jobsRouter = Router();

/** The list's answer shape: part of its ETag, so a changed ZJob is never answered 304. */
const JOB_LIST_SHAPE = schemaFingerprint(z.array(ZJob));

/**
 * The board's list (core/src/queries/list-jobs.ts). Browsers revalidate every time
 * (no-cache). The ETag is made from the data, not the body (jobListFingerprint, and the
 * answer's shape): a matching If-None-Match is answered 304 without building the list.
 */
jobsRouter.get(
  "/",
  route(
    { access: { company: "read" }, query: ZJobListQuery, response: z.array(ZJob) },
    async ({ member, query, req, res }) => {
      const filter: JobFilter = {
        startDate: query.startDate,
        endDate: query.endDate,
        employeeId: query.employeeId,
        // The Unscheduled tray (docs/schedule.md): the company's jobs without a date.
        unscheduled: query.unscheduled,
      };
      const fingerprint = await jobListFingerprint(member.companyId, filter);
      const data = createHash("sha1")
        .update(JSON.stringify([member.companyId, filter, fingerprint]))
        .digest("base64url")
        .slice(0, 16);
      res.setHeader("Cache-Control", REVALIDATE_ALWAYS);
      res.setHeader("Vary", JOBS_VARY);
      res.setHeader("ETag", `W/"jobs-${JOB_LIST_SHAPE}-${data}"`);
      // req.fresh compares If-None-Match with the ETag just set.
      if (!req.fresh) return listJobs(member.companyId, filter);
      res.status(304).end();
    },
  ),
);

jobsRouter.post(
  "/",
  route(
    { access: { company: "manageJobs" }, body: ZJobCreate, idempotent: true, status: 201, response: ZJob },
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
    {
      access: "user",
      params: ZIdParams,
      query: ZSeriesScopeQuery,
      body: ZJobUpdate,
      idempotent: true,
      response: ZJob,
    },
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

/**
 * Delete's Undo: the job deleted in the last day back under its id, with its photos
 * (docs/schedule.md). The kept row is what loadAuthorizedRow reads: another company's is 404, as an unknown id.
 */
jobsRouter.post(
  "/:id/restore",
  route(
    { access: "user", params: ZIdParams, idempotent: true, status: 201, response: ZJob },
    async ({ userId, params }) => {
      const { row, member } = await loadAuthorizedRow(
        deletedJobs,
        params.id,
        userId,
        "manageJobs",
        JOB_NOT_FOUND,
      );
      return restoreJob(member, row);
    },
  ),
);

/** The job's photos, both kinds, oldest first, without their bytes (docs/api.md). */
jobsRouter.get(
  "/:id/photos",
  route(
    { access: "user", params: ZIdParams, response: z.array(ZStoredJobPhoto) },
    async ({ userId, params }) => {
      const { row } = await loadAuthorizedRow(jobs, params.id, userId, "read", JOB_NOT_FOUND);
      return listJobPhotos(row.companyId, row.id);
    },
  ),
);

/**
 * One photo more (a technician's own jobs only, policies/job-progress.ts). With an
 * `Idempotency-Key` a phone's queued photo sent again is stored once (docs/offline.md).
 */
jobsRouter.post(
  "/:id/photos",
  route(
    {
      access: "user",
      params: ZIdParams,
      body: ZJobPhotoCreate,
      idempotent: true,
      status: 201,
      response: ZStoredJobPhoto,
    },
    async ({ userId, params, body }) => {
      const { row, member } = await loadAuthorizedRow(jobs, params.id, userId, "progressJobs", JOB_NOT_FOUND);
      return addJobPhoto(member, row, body);
    },
  ),
);

/** The office deletes one photo; answers the job as it is after. */
jobsRouter.delete(
  "/:id/photos/:photoId",
  route({ access: "user", params: ZJobPhotoIdParams, response: ZJob }, async ({ userId, params }) => {
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
