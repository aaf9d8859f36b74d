/**
 * The visit page's Reschedule list (GET /api/public/visits/:token/windows,
 * docs/customer-pages.md) in the role matrix and the property suite: the token alone opens
 * it, whoever calls.
 */
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import { visitLink } from "@sched/core/visits/visit-link";
import { eq } from "drizzle-orm";
import type { PropertyCtx, Target } from "./property-input-targets";
import type { Entry } from "./role-matrix-support";

const tokenOfJob = async (job: typeof jobs.$inferSelect) =>
  (await visitLink(db, job)).split("/").pop() as string;

export const VISIT_WINDOWS_ROUTES: Entry[] = [
  // The matrix's jobs are in the past: Reschedule is closed (409), which the door lets through.
  {
    route: "GET /api/public/visits/:token/windows",
    path: async (c) => `/api/public/visits/${await tokenOfJob(await c.make.job())}/windows`,
    expected: { owner: "allowed", admin: "allowed", employee: "allowed", nonMember: "allowed" },
  },
];

const freshToken = async (ctx: PropertyCtx) => {
  const [job] = await db
    .select()
    .from(jobs)
    .where(eq(jobs.id, await ctx.freshJobId()));
  return tokenOfJob(job);
};

/** Bad `from` and `days` never answer 500 (property-input.test.ts). */
export const VISIT_WINDOWS_TARGETS: Target[] = [
  {
    name: "GET /api/public/visits/:token/windows",
    method: "get",
    path: async (ctx) => `/api/public/visits/${await freshToken(ctx)}/windows`,
    signedOut: true,
    query: {
      valid: () => [
        ["from", "2999-01-06"],
        ["days", "3"],
      ],
      dateKeys: ["from"],
    },
  },
];
