/**
 * Bad input never answers 500 (docs/api.md). For every route that reads a
 * body or a query, fast-check sends the owner of a fresh company valid inputs and broken
 * ones (wrong types, missing fields, NUL, 100 kB text, emoji and right-to-left text,
 * impossible dates, prototype keys, arrays for objects, numbers as text, malformed ids in
 * the path and the X-Company-Id header). Whatever is sent: no 5xx, every error is JSON
 * with a known string `code`, and a refused request leaves the company's rows unchanged
 * (in every table: property-input-snapshot.ts). The routes are read from the app's router:
 * one with no entry in property-input-targets.ts fails here, and every path parameter of
 * every route is broken.
 *
 * The properties are declared here and run from three test files (property-input*.test.ts),
 * so the run's workers share them: in one file they took four minutes of one worker.
 * Seeded and bounded: a failure prints its seed and counterexample; PROPERTY_SEED and
 * PROPERTY_RUNS replay or widen a run.
 */
import { db } from "@sched/core/db/client";
import { jobPhotos, users } from "@sched/core/db/schema";
import { invitationToken } from "@sched/core/lib/invitation-token";
import { addMember, buildCompany, buildEmployee, buildJob } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutesOf } from "./embedded/app-routes";
import { changedTables, companySnapshot } from "./property-input-snapshot";
import {
  answerProblem,
  badHeaderValues,
  badPathIds,
  bodies,
  bodyExamples,
  jsonText,
  queries,
  queryExamples,
  queryString,
  RUNS,
  SEED,
} from "./property-input-support";
import {
  PATH_ONLY_ROUTES,
  type PropertyCtx,
  pathIdCases,
  TARGETS,
  type Target,
} from "./property-input-targets";
import { makers } from "./role-matrix-support";
import { type Agent, agentFor, anonymous, app } from "./support";

const SERVED = apiRoutesOf(app);
/** Path ids every case meets, whatever the seed: not an id, NUL, traversal, an unknown id in both cases. */
const UNKNOWN_ID = "7f1d9c1e-3b6a-4c8e-9f0a-2b3c4d5e6f70";
const PATH_ID_EXAMPLES = ["not-an-id", "%00", "..%2F..%2Fetc", UNKNOWN_ID, UNKNOWN_ID.toUpperCase()];
/** Random ids per path case on top of the examples: there are many cases. */
const PATH_ID_RUNS = Math.ceil(RUNS / 4);

let ctx: PropertyCtx;
let owner: Agent;

/** Each test file of the suite builds its company and signs its owner in, once. */
export function usePropertyCompany(): void {
  beforeAll(async () => {
    const { company, owner: ownerUser } = await buildCompany();
    const make = makers(company.id, ownerUser.id);
    const employee = await buildEmployee(company.id);
    const [job, template, week, callRecord, customer, invitation, member] = await Promise.all([
      buildJob(company.id, employee.id),
      make.template(),
      make.weeklySchedule(),
      make.callRecord(),
      make.customer(),
      make.invitation(),
      addMember(company.id, "employee"),
    ]);
    ctx = {
      companyId: company.id,
      employeeId: employee.id,
      jobId: job.id,
      templateId: template.id,
      weekId: week.id,
      callRecordId: callRecord.id,
      customerId: customer.id,
      memberId: member.id,
      inviteToken: invitationToken(invitation.id),
      freshEmployeeId: async () => (await buildEmployee(company.id)).id,
      freshJobId: async () => (await buildJob(company.id, employee.id)).id,
    };
    owner = await agentFor(ownerUser);
  });
}

/**
 * Each signed-out request comes from a network of its own (the public pages count per /24):
 * the limits of one never reach another test, nor another file sharing this process's Redis
 * prefix (vitest.config.ts), which counts on from this module's number.
 */
let clientNumber = 0;
const nextClientIp = () => {
  clientNumber += 1;
  return `10.${(clientNumber >> 8) & 255}.${clientNumber & 255}.${1 + (clientNumber >> 16)}`;
};

type Sent = {
  method: Target["method"];
  url: string;
  signedOut?: boolean;
  body?: unknown;
  companyHeader?: string;
  /** An e-mail a refused request must not have made an account for. */
  email?: string;
  /** The statuses allowed, when the rule says more than "no 5xx". */
  statuses?: number[];
};

/** Sends one request and checks the rules; throws (with what was sent) when one is broken. */
async function sendAndCheck(sent: Sent, label: string): Promise<void> {
  const before = await companySnapshot(ctx.companyId, sent.email);
  let request = (sent.signedOut ? anonymous() : owner)[sent.method](sent.url);
  if (sent.signedOut) request = request.set("X-Forwarded-For", nextClientIp());
  if (sent.companyHeader !== undefined) request = request.set("X-Company-Id", sent.companyHeader);
  if (sent.body !== undefined)
    request = request.set("Content-Type", "application/json").send(jsonText(sent.body));
  const res = await request;
  const problem = answerProblem(res);
  const where = `${sent.method.toUpperCase()} ${sent.url.slice(0, 200)} [${label}] (seed ${SEED})`;
  if (problem) throw new Error(`${where}: ${problem}`);
  if (sent.statuses && !sent.statuses.includes(res.status)) {
    throw new Error(`${where}: answered ${res.status}, expected one of ${sent.statuses.join(", ")}`);
  }
  if (res.status >= 400) {
    const changed = changedTables(before, await companySnapshot(ctx.companyId, sent.email));
    if (changed.length > 0)
      throw new Error(`${where}: refused with ${res.status} but changed rows of ${changed.join(", ")}`);
  }
}

/** `runs` generated inputs after the examples every run sends. */
const assertProperty = <T>(
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  examples: T[] = [],
  runs = RUNS,
) =>
  fc.assert(fc.asyncProperty(arbitrary, check), {
    seed: SEED,
    numRuns: examples.length + runs,
    examples: examples.map((example): [T] => [example]),
  });

/** The suite names every route the app serves, and only those. */
export function describeRouteLists(): void {
  describe("the suite's lists", () => {
    const listed = [...TARGETS.map((target) => target.name), ...PATH_ONLY_ROUTES];

    it("name every route the app serves: its inputs or that it reads only its path", () => {
      expect(SERVED.length).toBeGreaterThan(0);
      expect(SERVED.filter((route) => !listed.includes(route))).toEqual([]);
    });

    it("name only routes the app serves", () => {
      expect(listed.filter((route) => !SERVED.includes(route))).toEqual([]);
    });
  });
}

/** The snapshot that tells whether a refused request changed anything. */
export function describeCompanySnapshot(): void {
  describe("the company snapshot", () => {
    it("sees the company's rows behind a key either way, and none of another company's", async () => {
      const before = await companySnapshot(ctx.companyId);
      await buildEmployee((await buildCompany()).company.id);
      expect(changedTables(before, await companySnapshot(ctx.companyId))).toEqual([]);
      // A member's account (company_user points to it) and a job's photo (it points to the job).
      await db.update(users).set({ firstName: "Renamed" }).where(eq(users.id, ctx.memberId));
      const bytes = Buffer.from("photo");
      await db.insert(jobPhotos).values({
        companyId: ctx.companyId,
        jobId: ctx.jobId,
        kind: "after",
        mimeType: "image/png",
        bytes,
        size: 5,
      });
      const changed = changedTables(before, await companySnapshot(ctx.companyId));
      expect(changed.sort()).toEqual(["public.job_photos", "public.users"]);
    });
  });
}

/** Every route of `targets` that reads a body or a query, whatever it is sent. */
export function describeBodiesAndQueries(targets: readonly Target[]): void {
  describe("every route that reads a body or a query, whatever it is sent", () => {
    for (const target of targets) {
      it(target.name, async () => {
        const validBody = target.body && { label: "valid", body: target.body.valid(ctx) };
        const validQuery = { label: "valid", query: target.query?.valid(ctx) ?? [] };
        const body = target.body ? bodies(target.body.valid(ctx), target.body.shape) : fc.constant(undefined);
        const query = target.query
          ? queries(validQuery.query, target.query.dateKeys)
          : fc.constant(validQuery);
        // The header is read only when neither the path, the query nor the body names the company.
        const header = target.signedOut ? fc.constant(null) : fc.option(badHeaderValues, { freq: 3 });
        const examples = [
          ...(target.body ? bodyExamples(target.body.valid(ctx), target.body.shape) : []).map((example) => ({
            body: example,
            query: validQuery,
            header: null,
          })),
          ...(target.query ? queryExamples(validQuery.query, target.query.dateKeys) : []).map((example) => ({
            body: validBody,
            query: example,
            header: null,
          })),
        ];
        await assertProperty(
          fc.record({ body, query, header }),
          async (input) => {
            const label = [
              input.body?.label,
              input.query.label,
              input.header && `X-Company-Id ${input.header}`,
            ]
              .filter(Boolean)
              .join(" | ");
            await sendAndCheck(
              {
                method: target.method,
                url: `${await target.path(ctx)}${queryString(input.query.query)}`,
                signedOut: target.signedOut,
                body: input.body?.body,
                companyHeader: input.header ?? undefined,
                email: target.emailOf?.(input.body?.body),
              },
              label,
            );
          },
          examples,
        );
      });
    }
  });
}

/** Malformed and unknown ids in every path, and malformed company headers. */
export function describePathIds(): void {
  describe("ids in the path and the company header", () => {
    // 403: a well-formed company id that is not the user's company.
    it.for(pathIdCases(SERVED))(
      "a malformed or unknown id in $name answers 400, 403 or 404",
      async (route) => {
        const body = route.method === "get" ? undefined : {};
        await assertProperty(
          badPathIds,
          async (id) => {
            await sendAndCheck(
              { method: route.method, url: route.path(ctx, id), body, statuses: [400, 403, 404] },
              `id ${id}`,
            );
          },
          PATH_ID_EXAMPLES,
          PATH_ID_RUNS,
        );
      },
    );

    it("a malformed X-Company-Id answers 400 on every company route that reads it", async () => {
      const lists = ["/api/jobs", "/api/employees", "/api/chat", "/api/call-records", "/api/templates"];
      await assertProperty(fc.tuple(fc.constantFrom(...lists), badHeaderValues), async ([url, header]) => {
        await sendAndCheck(
          { method: "get", url, companyHeader: header, statuses: [400] },
          `X-Company-Id ${header}`,
        );
      });
    });
  });
}
