/**
 * The visit page's routes in the role matrix (role-matrix-routes.ts): the public ones open
 * by their token alone, whoever calls; the job's notes are for whoever reads the job; Revoke
 * is the office's (docs/visits.md).
 */
import { db } from "@sched/core/db/client";
import { jobs, visitNotes } from "@sched/core/db/schema";
import { visitLink } from "@sched/core/visits/visit-link";
import { eq } from "drizzle-orm";
import type { PropertyCtx, Target } from "./property-input-targets";
import { type Ctx, type Entry, officeById, PNG } from "./role-matrix-support";

/** A fresh job's visit token. */
const tokenFor = async (c: Ctx) => {
  const job = await c.make.job();
  return { job, token: (await visitLink(db, job)).split("/").pop() as string };
};

/** A fresh job with one customer's note carrying a photo. */
const noteWithPhoto = async (c: Ctx) => {
  const { job, token } = await tokenFor(c);
  const [note] = await db
    .insert(visitNotes)
    .values({
      companyId: c.companyId,
      jobId: job.id,
      text: "Gate code 1234",
      photoMimeType: "image/png",
      photoBytes: PNG,
      photoSize: PNG.length,
    })
    .returning();
  return { job, token, note };
};

const anyone = { owner: 200, admin: 200, employee: 200, nonMember: 200 } as const;
const reader = { owner: 200, admin: 200, employee: 200, nonMember: 404 } as const;
const anyoneAllowed = {
  owner: "allowed",
  admin: "allowed",
  employee: "allowed",
  nonMember: "allowed",
} as const;

export const VISIT_ROUTES: Entry[] = [
  {
    route: "GET /api/public/visits/:token",
    path: async (c) => `/api/public/visits/${(await tokenFor(c)).token}`,
    expected: anyone,
  },
  {
    route: "GET /api/public/visits/:token/notes/:noteId/photo",
    path: async (c) => {
      const { token, note } = await noteWithPhoto(c);
      return `/api/public/visits/${token}/notes/${note.id}/photo`;
    },
    expected: anyone,
  },
  // The matrix's jobs are in the past: changes are closed (409), which the door lets through.
  {
    route: "POST /api/public/visits/:token/reschedule",
    path: async (c) => `/api/public/visits/${(await tokenFor(c)).token}/reschedule`,
    body: () => ({ date: "2999-01-06", start: "10:00" }),
    expected: anyoneAllowed,
  },
  {
    route: "POST /api/public/visits/:token/cancel",
    path: async (c) => `/api/public/visits/${(await tokenFor(c)).token}/cancel`,
    expected: anyoneAllowed,
  },
  {
    route: "POST /api/public/visits/:token/notes",
    path: async (c) => `/api/public/visits/${(await tokenFor(c)).token}/notes`,
    body: () => ({ text: "Please ring twice" }),
    expected: { owner: 201, admin: 201, employee: 201, nonMember: 201 },
  },
  {
    route: "GET /api/jobs/:id/visit-notes",
    path: async (c) => `/api/jobs/${(await c.make.job()).id}/visit-notes`,
    expected: reader,
  },
  {
    route: "GET /api/jobs/:id/visit-notes/:noteId/photo",
    path: async (c) => {
      const { job, note } = await noteWithPhoto(c);
      return `/api/jobs/${job.id}/visit-notes/${note.id}/photo`;
    },
    expected: reader,
  },
  {
    route: "POST /api/jobs/:id/visit-link/revoke",
    path: async (c) => `/api/jobs/${(await tokenFor(c)).job.id}/visit-link/revoke`,
    expected: officeById,
  },
];

/** A fresh job's visit token, for the property suite. */
const freshToken = async (ctx: PropertyCtx) => {
  const [job] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.id, await ctx.freshJobId()));
  return (await visitLink(db, job)).split("/").pop() as string;
};

/** Bad input on the visit page's changes never answers 500 (property-input.test.ts). */
export const VISIT_TARGETS: Target[] = [
  {
    name: "POST /api/public/visits/:token/reschedule",
    method: "post",
    path: async (ctx) => `/api/public/visits/${await freshToken(ctx)}/reschedule`,
    signedOut: true,
    body: {
      valid: () => ({ date: "2999-01-06", start: "10:00" }),
      shape: { keys: ["date", "start"], dateKeys: ["date"] },
    },
  },
  {
    name: "POST /api/public/visits/:token/notes",
    method: "post",
    path: async (ctx) => `/api/public/visits/${await freshToken(ctx)}/notes`,
    signedOut: true,
    body: {
      valid: () => ({ text: "Gate code 1234" }),
      shape: { keys: ["text", "photo"], textKeys: ["text"] },
    },
  },
];

export const VISIT_PATH_ONLY_ROUTES = [
  "GET /api/public/visits/:token",
  "GET /api/public/visits/:token/notes/:noteId/photo",
  "POST /api/public/visits/:token/cancel",
  "GET /api/jobs/:id/visit-notes",
  "GET /api/jobs/:id/visit-notes/:noteId/photo",
  "POST /api/jobs/:id/visit-link/revoke",
];
