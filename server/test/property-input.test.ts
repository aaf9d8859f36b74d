/**
 * Bad input never answers 500 (docs/api.md, "Input rules"). For every route that reads a
 * body or a query, fast-check sends the owner of a fresh company valid inputs and broken
 * ones (wrong types, missing fields, NUL, 100 kB text, emoji and right-to-left text,
 * impossible dates, prototype keys, arrays for objects, numbers as text, malformed ids in
 * the path and the X-Company-Id header). Whatever is sent: no 5xx, every error is JSON
 * with a known string `code`, and a refused request leaves the company's rows unchanged.
 *
 * Seeded and bounded: a failure prints its seed and counterexample; PROPERTY_SEED and
 * PROPERTY_RUNS replay or widen a run.
 */
import { invitationToken } from "@sched/core/commands/invitation-token";
import { buildCompany, buildEmployee, buildJob } from "@sched/core/test/factories";
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import {
  answerProblem,
  badHeaderValues,
  badPathIds,
  bodies,
  bodyExamples,
  companySnapshot,
  jsonText,
  queries,
  queryExamples,
  queryString,
  RUNS,
  SEED,
} from "./property-input-support";
import { PATH_ID_ROUTES, type PropertyCtx, TARGETS, type Target } from "./property-input-targets";
import { makers } from "./role-matrix-support";
import { type Agent, agentFor, anonymous } from "./support";

let ctx: PropertyCtx;
let owner: Agent;

beforeAll(async () => {
  const { company, owner: ownerUser } = await buildCompany();
  const make = makers(company.id, ownerUser.id);
  const employee = await buildEmployee(company.id);
  const [job, template, week, callRecord, invitation] = await Promise.all([
    buildJob(company.id, employee.id),
    make.template(),
    make.weeklySchedule(),
    make.callRecord(),
    make.invitation(),
  ]);
  ctx = {
    companyId: company.id,
    employeeId: employee.id,
    jobId: job.id,
    templateId: template.id,
    weekId: week.id,
    callRecordId: callRecord.id,
    inviteToken: invitationToken(invitation.id),
    freshEmployeeId: async () => (await buildEmployee(company.id)).id,
  };
  owner = await agentFor(ownerUser);
});

/** Each signed-out request comes from an address of its own: the per-IP limits of one never reach another test. */
let clientNumber = 0;
const nextClientIp = () => {
  clientNumber += 1;
  return `10.${77 + (clientNumber >> 16)}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
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
  if (res.status >= 400 && (await companySnapshot(ctx.companyId, sent.email)) !== before) {
    throw new Error(`${where}: refused with ${res.status} but changed the company's rows`);
  }
}

/** RUNS generated inputs after the examples every run sends. */
const assertProperty = <T>(
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  examples: T[] = [],
) =>
  fc.assert(fc.asyncProperty(arbitrary, check), {
    seed: SEED,
    numRuns: examples.length + RUNS,
    examples: examples.map((example): [T] => [example]),
  });

describe("every route that reads a body or a query, whatever it is sent", () => {
  for (const target of TARGETS) {
    it(target.name, async () => {
      const validBody = target.body && { label: "valid", body: target.body.valid(ctx) };
      const validQuery = { label: "valid", query: target.query?.valid(ctx) ?? [] };
      const body = target.body ? bodies(target.body.valid(ctx), target.body.shape) : fc.constant(undefined);
      const query = target.query ? queries(validQuery.query, target.query.dateKeys) : fc.constant(validQuery);
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
          const label = [input.body?.label, input.query.label, input.header && `X-Company-Id ${input.header}`]
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

describe("ids in the path and the company header", () => {
  it("a malformed or unknown id in a path answers 400 or 404, never 5xx", async () => {
    const route = fc.constantFrom(...PATH_ID_ROUTES);
    await assertProperty(fc.tuple(route, badPathIds), async ([[method, path], id]) => {
      const body = method === "get" ? undefined : {};
      // 403: a well-formed company id that is not the user's company.
      await sendAndCheck({ method, url: path(ctx, id), body, statuses: [400, 403, 404] }, `id ${id}`);
    });
  });

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
