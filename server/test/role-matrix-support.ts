/**
 * The role matrix's vocabulary: expected statuses, the four actors, the shared context,
 * row makers, and how a route is called. The routes themselves are in role-matrix-routes.ts.
 */

import { inviteMember } from "@sched/core/commands/invite-member";
import { db } from "@sched/core/db/client";
import {
  callRecords,
  customers,
  deletedJobs,
  jobPhotos,
  jobSeries,
  jobs,
  scheduleTemplates,
  timeOff,
  weeklySchedules,
} from "@sched/core/db/schema";
import { invitationToken } from "@sched/core/lib/invitation-token";
import {
  addMember,
  buildCompany,
  buildEmployee,
  buildJob,
  buildTenant,
  uniqueEmail,
} from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { type Agent, agentFor } from "./support";

/** A status; "ok" is any 2xx; "allowed" is anything but a refusal (401, 403, 404) or a 5xx. */
export type Expect = number | "ok" | "allowed";
export type Who = "owner" | "admin" | "employee" | "nonMember";
export type Ctx = {
  companyId: string;
  /** A roster employee that stays for the whole file. */
  employeeId: string;
  make: ReturnType<typeof makers>;
};
export type Entry = {
  /** "METHOD /path/pattern": the test's name and the method to send. */
  route: string;
  path: (ctx: Ctx) => string | Promise<string>;
  body?: (ctx: Ctx) => object | Promise<object>;
  expected: Record<Who, Expect>;
};

export const MONDAY = "2026-11-23";
/** A PNG's signature and header, enough for a stored photo's bytes. */
export const PNG = Buffer.concat([
  Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"),
  Buffer.alloc(64, 1),
]);
export const read = { owner: 200, admin: 200, employee: 200, nonMember: 403 } as const;
export const office = { owner: "ok", admin: "ok", employee: 403, nonMember: 403 } as const;
/** An office change to a row by id: another company's row is 404, as an unknown id. */
export const officeById = { owner: "ok", admin: "ok", employee: 403, nonMember: 404 } as const;
export const anyUser = { owner: 200, admin: 200, employee: 200, nonMember: 200 } as const;
export const systemAdminOnly = { owner: 403, admin: 403, employee: 403, nonMember: 403 } as const;

let weekCounter = 0;
export function makers(companyId: string, invitedBy: string) {
  const invitation = async () =>
    (await inviteMember({ companyId, email: uniqueEmail("matrix"), role: "employee", invitedBy })).invitation;
  let link: Promise<string> | undefined;
  return {
    employee: () => buildEmployee(companyId, { name: "Matrix Person", initials: "MP" }),
    job: async () => buildJob(companyId, (await buildEmployee(companyId)).id),
    /** A job with a before photo stored. */
    jobWithPhoto: async () => {
      const job = await buildJob(companyId, (await buildEmployee(companyId)).id);
      await db.insert(jobPhotos).values({
        companyId,
        jobId: job.id,
        kind: "before",
        mimeType: "image/png",
        bytes: PNG,
        size: PNG.length,
      });
      await db.update(jobs).set({ hasBeforePhoto: true }).where(eq(jobs.id, job.id));
      return job;
    },
    /** A fresh job as Delete leaves it: in the bin, for POST /api/jobs/:id/restore. */
    deletedJob: async () => {
      const job = await buildJob(companyId, (await buildEmployee(companyId)).id);
      await db.insert(deletedJobs).values({ id: job.id, companyId, job: { ...job } });
      await db.delete(jobs).where(eq(jobs.id, job.id));
      return job;
    },
    /** The path of one stored photo of a fresh job (DELETE /api/jobs/:id/photos/:photoId). */
    photoPath: async () => {
      const job = await buildJob(companyId, (await buildEmployee(companyId)).id);
      const [photo] = await db
        .insert(jobPhotos)
        .values({
          companyId,
          jobId: job.id,
          kind: "after",
          mimeType: "image/png",
          bytes: PNG,
          size: PNG.length,
        })
        .returning();
      await db.update(jobs).set({ hasAfterPhoto: true }).where(eq(jobs.id, job.id));
      return `/api/jobs/${job.id}/photos/${photo.id}`;
    },
    series: async () =>
      (
        await db
          .insert(jobSeries)
          .values({
            companyId,
            employeeId: (await buildEmployee(companyId)).id,
            type: "Repair",
            location: "3 Series St",
            time: "08:00",
            startDate: MONDAY,
            rrule: "FREQ=WEEKLY",
            generatedUntil: MONDAY,
          })
          .returning()
      )[0],
    template: async () =>
      (await db.insert(scheduleTemplates).values({ companyId, name: "Matrix week" }).returning())[0],
    weeklySchedule: async () => {
      const start = new Date(Date.UTC(2020, 0, 6 + 7 * weekCounter++));
      const end = new Date(start.getTime() + 6 * 24 * 60 * 60 * 1000);
      const [row] = await db
        .insert(weeklySchedules)
        .values({
          companyId,
          weekStartDate: start.toISOString().slice(0, 10),
          weekEndDate: end.toISOString().slice(0, 10),
          name: "Matrix week",
        })
        .returning();
      return row;
    },
    callRecord: async () =>
      (
        await db
          .insert(callRecords)
          .values({
            companyId,
            customerName: "Cal Caller",
            customerPhone: "555 010 0100",
            serviceType: "service",
            callDate: MONDAY,
            callTime: "10:00",
          })
          .returning()
      )[0],
    customer: async () =>
      (
        await db
          .insert(customers)
          .values({ companyId, name: "Cora Customer", searchText: "cora customer" })
          .returning()
      )[0],
    invitation,
    /** One link for every read of it: each invitation counts against the company's hourly limit. */
    invitationLink: () => {
      link ??= invitation().then((row) => invitationToken(row.id));
      return link;
    },
    member: () => addMember(companyId, "employee"),
    /** A pending request for a fresh roster employee (docs/time-off.md). */
    timeOff: async () =>
      (
        await db
          .insert(timeOff)
          .values({
            companyId,
            employeeId: (await buildEmployee(companyId)).id,
            startDate: MONDAY,
            endDate: MONDAY,
            kind: "vacation",
          })
          .returning()
      )[0],
  };
}

export const WHO: Who[] = ["owner", "admin", "employee", "nonMember"];

/** What the app answers for a path no route serves. */
export const NO_SUCH_ENDPOINT = "No such endpoint";

export function matches(status: number, expected: Expect): boolean {
  if (expected === "ok") return status >= 200 && status < 300;
  if (expected === "allowed") return ![401, 403, 404].includes(status) && status < 500;
  return status === expected;
}

const methodOf = (entry: Entry) => entry.route.split(" ")[0];

/** Sends `entry`'s request as `agent`; `body` replaces the entry's own body when given. */
export async function send(agent: Agent, entry: Entry, ctx: Ctx, body?: object | string) {
  const verb = methodOf(entry).toLowerCase();
  if (verb !== "get" && verb !== "post" && verb !== "put" && verb !== "delete")
    throw new Error(`unknown method in ${entry.route}`);
  const req = agent[verb](await entry.path(ctx));
  const payload = body ?? (await entry.body?.(ctx));
  if (payload === undefined) return req;
  // A string goes as it is, declared JSON: that is how a malformed body is sent.
  return typeof payload === "string"
    ? req.set("Content-Type", "application/json").send(payload)
    : req.send(payload);
}

/** One company with its owner, admin and employee signed in, and a signed-in stranger to it. */
export async function signInActors(): Promise<{ ctx: Ctx; agents: Record<Who, Agent> }> {
  const tenant = await buildTenant();
  const { owner: nonMember } = await buildCompany();
  const ctx = {
    companyId: tenant.company.id,
    employeeId: tenant.employee.id,
    make: makers(tenant.company.id, tenant.owner.id),
  };
  const [owner, admin, employee, stranger] = await Promise.all([
    agentFor(tenant.owner),
    agentFor(tenant.admin),
    agentFor(tenant.employeeUser),
    agentFor(nonMember),
  ]);
  return { ctx, agents: { owner, admin, employee, nonMember: stranger } };
}
