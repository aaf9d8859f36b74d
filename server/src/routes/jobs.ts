import {
  JOB_PHOTO_KINDS,
  type JobPhotoKind,
  ZJobCreate,
  ZJobListQuery,
  ZJobUpdate,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { Router } from "express";
import { authorize, companyIdOf, memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { loadPhoto } from "../commands/job-photos";
import { jobListBody, jobListEtag } from "../commands/list-jobs";
import { createJob, updateJob } from "../commands/save-job";
import { db } from "../db/client";
import { jobs } from "../db/schema";
import { loadScoped } from "../db/scoped";
import { BadRequest, Forbidden, NotFound } from "../errors";
import { validate } from "../middleware/validate";
import { publish } from "../realtime/publish";

export const jobsRouter = Router();

export const JOB_NOT_FOUND = "Job not found";
export const PHOTO_NOT_FOUND = "Photo not found";

/**
 * The board's list, answered with an ETag: an unchanged list costs one small query and
 * a 304, a changed one is built once per process and change (commands/list-jobs.ts).
 */
jobsRouter.get("/", requireUser, validate(ZJobListQuery, "query"), async (req, res) => {
  const companyId = companyIdOf(req);
  if (!companyId) throw new BadRequest("Company id is required");
  const range = {
    startDate: req.query.startDate as string | undefined,
    endDate: req.query.endDate as string | undefined,
  };
  const etag = await jobListEtag(req.userId!, companyId, range);
  if (!etag) throw new Forbidden("You are not a member of this company");
  // Browsers revalidate every time (no-cache) and get a 304 when nothing changed.
  res.setHeader("Cache-Control", "private, no-cache");
  res.setHeader("Vary", "Accept-Encoding, X-Company-Id");
  res.setHeader("ETag", etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  const body = await jobListBody(companyId, range, etag);
  res.setHeader("ETag", body.etag);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  if (req.acceptsEncodings("gzip") === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.end(await body.gzipped());
    return;
  }
  res.end(body.json);
});

jobsRouter.post("/", requireUser, validate(ZJobCreate), requireCompany("manageJobs"), async (req, res) => {
  const job = await createJob(memberOf(req), req.body);
  res.status(201).json(job);
});

jobsRouter.put("/:id", requireUser, validate(ZJobUpdate), async (req, res) => {
  const { row, member } = await loadScoped(jobs, req.params.id as string, req.userId!, JOB_NOT_FOUND);
  const job = await updateJob(member, row, req.body);
  res.json(job);
});

jobsRouter.delete("/:id", requireUser, async (req, res) => {
  const { row, member } = await loadScoped(jobs, req.params.id as string, req.userId!, JOB_NOT_FOUND);
  authorize(member, "manageJobs");
  await db.delete(jobs).where(eq(jobs.id, row.id));
  publish(member.companyId, "job.deleted", { id: row.id, companyId: member.companyId });
  res.status(204).end();
});

/** The photo bytes, for members of the job's company only; the URL's ?v= changes with the job. */
jobsRouter.get("/:id/photos/:kind", requireUser, async (req, res) => {
  const kind = req.params.kind as JobPhotoKind;
  if (!JOB_PHOTO_KINDS.includes(kind)) throw new NotFound(PHOTO_NOT_FOUND);
  const { row } = await loadScoped(jobs, req.params.id as string, req.userId!, JOB_NOT_FOUND);
  const photo = await loadPhoto(row.id, kind);
  if (!photo) throw new NotFound(PHOTO_NOT_FOUND);
  res.setHeader("Content-Type", photo.mimeType);
  // Only the current versioned URL may be kept for good: an unversioned one can change under it.
  const isCurrentVersion = req.query.v === String(row.updatedAt.getTime());
  res.setHeader(
    "Cache-Control",
    isCurrentVersion ? "private, max-age=31536000, immutable" : "private, no-cache",
  );
  res.setHeader("Content-Disposition", `inline; filename="${kind}-${row.id}"`);
  res.end(photo.bytes);
});
