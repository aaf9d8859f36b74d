/**
 * The customer's visit page's API (docs/visits.md): public, the token being the key, each
 * token path declared with apiTokenPath so no log keeps it. Every bad, revoked or expired
 * link is the same 404. And the office's side on a job: the customer's notes (read-only,
 * for the job dialog and My Day) and Revoke.
 */
import { addVisitNote } from "@sched/core/commands/add-visit-note";
import { cancelVisit } from "@sched/core/commands/cancel-visit";
import { rescheduleVisit } from "@sched/core/commands/reschedule-visit";
import { revokeVisitLink } from "@sched/core/commands/revoke-visit-link";
import { JOB_NOT_FOUND } from "@sched/core/commands/save-job";
import { jobs } from "@sched/core/db/schema";
import { consume, visitChangesByNetwork } from "@sched/core/limits";
import {
  listJobVisitNotes,
  loadJobVisitNotePhoto,
  loadVisit,
  loadVisitNotePhoto,
} from "@sched/core/queries/visits";
import {
  ZIdParams,
  ZJobVisitNote,
  ZJobVisitNotePhotoParams,
  ZVisit,
  ZVisitLinkRevoked,
  ZVisitNoteCreate,
  ZVisitNotePhotoParams,
  ZVisitReschedule,
  ZVisitTokenParams,
} from "@sched/shared-types";
import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { REVALIDATE_ALWAYS } from "../http/cache-headers";
import { clientAddress } from "../http/client-address";
import { loadAuthorizedRow, route } from "../http/route";
import { apiTokenPath } from "../http/token-paths";

/** Mounted at the API's root: /api/public/visits/... and /api/jobs/:id/visit-.... */
export const visitsRouter = Router();

/** A link is a secret: no shared cache keeps the page's answer; the browser revalidates it (ETag, 304). */
const privateAnswer = (res: Response) => res.setHeader("Cache-Control", REVALIDATE_ALWAYS);

/** Each change may send the customer a message: bounded per network. */
const countChange = (req: Request) => consume(visitChangesByNetwork, clientAddress(req));

const sendPhoto = (res: Response, photo: { mimeType: string; bytes: Buffer }) => {
  res.setHeader("Content-Type", photo.mimeType);
  // A note's photo never changes.
  res.setHeader("Cache-Control", "private, max-age=31536000, immutable");
  res.setHeader("Content-Disposition", "inline");
  res.end(photo.bytes);
};

/** The visit as its customer sees it; polled by the page, answered 304 while nothing changed. */
visitsRouter.get(
  apiTokenPath("/public/visits/:token"),
  route({ access: "public", params: ZVisitTokenParams, response: ZVisit }, ({ params, res }) => {
    privateAnswer(res);
    return loadVisit(params.token);
  }),
);

visitsRouter.post(
  apiTokenPath("/public/visits/:token/reschedule"),
  route(
    { access: "public", params: ZVisitTokenParams, body: ZVisitReschedule, response: ZVisit },
    async ({ params, body, req, res }) => {
      await countChange(req);
      privateAnswer(res);
      return rescheduleVisit(params.token, body);
    },
  ),
);

visitsRouter.post(
  apiTokenPath("/public/visits/:token/cancel"),
  route({ access: "public", params: ZVisitTokenParams, response: ZVisit }, async ({ params, req, res }) => {
    await countChange(req);
    privateAnswer(res);
    return cancelVisit(params.token);
  }),
);

visitsRouter.post(
  apiTokenPath("/public/visits/:token/notes"),
  route(
    { access: "public", params: ZVisitTokenParams, body: ZVisitNoteCreate, status: 201, response: ZVisit },
    async ({ params, body, req, res }) => {
      await countChange(req);
      privateAnswer(res);
      return addVisitNote(params.token, body);
    },
  ),
);

visitsRouter.get(
  apiTokenPath("/public/visits/:token/notes/:noteId/photo"),
  route({ access: "public", params: ZVisitNotePhotoParams }, async ({ params, res }) => {
    sendPhoto(res, await loadVisitNotePhoto(params.token, params.noteId));
  }),
);

/** The customer's notes on a job, oldest first, for every member who may read the job. */
visitsRouter.get(
  "/jobs/:id/visit-notes",
  route(
    { access: "user", params: ZIdParams, response: z.array(ZJobVisitNote) },
    async ({ userId, params }) => {
      const { row } = await loadAuthorizedRow(jobs, params.id, userId, "read", JOB_NOT_FOUND);
      return listJobVisitNotes(row.companyId, row.id);
    },
  ),
);

visitsRouter.get(
  "/jobs/:id/visit-notes/:noteId/photo",
  route({ access: "user", params: ZJobVisitNotePhotoParams }, async ({ userId, params, res }) => {
    const { row } = await loadAuthorizedRow(jobs, params.id, userId, "read", JOB_NOT_FOUND);
    sendPhoto(res, await loadJobVisitNotePhoto(row.companyId, row.id, params.noteId));
  }),
);

/** The office stops the job's link (sent to the wrong person): it answers 404; the next message carries a new one. */
visitsRouter.post(
  "/jobs/:id/visit-link/revoke",
  route({ access: "user", params: ZIdParams, response: ZVisitLinkRevoked }, async ({ userId, params }) => {
    const { row } = await loadAuthorizedRow(jobs, params.id, userId, "manageJobs", JOB_NOT_FOUND);
    return revokeVisitLink(row);
  }),
);
