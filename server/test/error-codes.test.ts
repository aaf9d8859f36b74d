/**
 * Every error answer of the API is JSON `{message, code, errors?}` with a `code` from
 * ERROR_CODES (docs/api.md), whoever asks and whatever they send. This walks the role
 * matrix's routes as the four actors and signed out, then with bad inputs (missing fields,
 * wrong types, malformed JSON, a body over the limit, unknown, malformed and foreign ids),
 * plus the public routes and the refusals the matrix never meets (402, 409, 410, 429).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { invitationToken } from "@sched/core/lib/invitation-token";
import { buildEmployee, buildJob, buildTenant, uniqueEmail } from "@sched/core/test/factories";
import { ERROR_CODES, LOGIN_MAX_FAILURES } from "@sched/shared-types";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "./role-matrix-routes";
import { type Ctx, type Entry, send, signInActors, WHO, type Who } from "./role-matrix-support";
import { type Agent, agentFor, app } from "./support";

type Answer = { status: number; headers: Record<string, string>; body: unknown; text: string };

/** Every code met by the file, to show at the end that each kind of refusal was exercised. */
const codesSeen = new Set<string>();

/** What is wrong with an answer: nothing for a success, else the way its error body breaks the rule. */
function problemWith(res: Answer): string | undefined {
  if (res.status < 400) return undefined;
  if (!/application\/json/.test(res.headers["content-type"] ?? "")) return "not JSON";
  const body = res.body as { code?: unknown; message?: unknown } | undefined;
  if (typeof body?.message !== "string") return "no message";
  if (typeof body.code !== "string") return "no code";
  if (!(ERROR_CODES as readonly string[]).includes(body.code)) return `unknown code ${body.code}`;
  codesSeen.add(body.code);
  return undefined;
}

/** Checks a batch of answers, naming every one that breaks the rule in a single assertion. */
function expectCodes(answers: [label: string, res: Answer][]) {
  const broken = answers.flatMap(([label, res]) => {
    const problem = problemWith(res);
    return problem ? [`${label} -> ${res.status} ${problem}: ${res.text.slice(0, 120)}`] : [];
  });
  expect(broken).toEqual([]);
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const JSON_LIMIT_BYTES = 1024 * 1024;
const JOBS_LIMIT_BYTES = 16 * 1024 * 1024;

/** Every field of `body` given a value of the wrong type (the company id kept, so the door lets it by). */
function withWrongTypes(body: object): object {
  const wrong = (value: unknown) =>
    typeof value === "string" ? 12345 : typeof value === "object" ? 12345 : "x";
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, key === "companyId" ? value : wrong(value)]),
  );
}

/** The entry with its path's row ids (all ids but the company's) replaced by `id`. */
function withRowId(entry: Entry, ctx: Ctx, id: string): Entry {
  return {
    ...entry,
    path: async (c) => (await entry.path(c)).replace(UUID, (found) => (found === ctx.companyId ? found : id)),
  };
}

/** The entry with its company id (in the path, the query or the body) replaced by `companyId`. */
function withCompanyId(entry: Entry, companyId: string): Entry {
  return {
    ...entry,
    path: async (c) => (await entry.path(c)).replaceAll(c.companyId, companyId),
    body: entry.body && (async (c) => ({ ...(await entry.body?.(c)), companyId })),
  };
}

let ctx: Ctx;
let agents: Record<Who, Agent>;
let signedOut: Agent;

beforeAll(async () => {
  ({ ctx, agents } = await signInActors());
  signedOut = request.agent(app);
});

describe("every error answer carries a code", () => {
  it.for(ROUTES)("$route, as each role and signed out", async (entry) => {
    const answers: [string, Answer][] = [];
    for (const who of WHO) answers.push([who, await send(agents[who], entry, ctx)]);
    answers.push(["signed out", await send(signedOut, entry, ctx)]);
    expectCodes(answers);
  });

  it.for(ROUTES)("$route, with bad inputs", async (entry) => {
    const owner = agents.owner;
    const answers: [string, Answer][] = [];
    const hasRowId = (await entry.path(ctx)).replaceAll(ctx.companyId, "").match(UUID) !== null;
    if (hasRowId) {
      answers.push(["unknown id", await send(owner, withRowId(entry, ctx, randomUUID()), ctx)]);
      answers.push(["malformed id", await send(owner, withRowId(entry, ctx, "not-an-id"), ctx)]);
    }
    answers.push(["malformed company id", await send(owner, withCompanyId(entry, "acme"), ctx)]);
    answers.push(["unknown company id", await send(owner, withCompanyId(entry, randomUUID()), ctx)]);
    const body = await entry.body?.(ctx);
    if (body) {
      const { companyId } = body as { companyId?: string };
      answers.push(["missing fields", await send(owner, entry, ctx, companyId ? { companyId } : {})]);
      answers.push(["wrong types", await send(owner, entry, ctx, withWrongTypes(body))]);
      answers.push(["malformed JSON", await send(owner, entry, ctx, '{"name": "unfinished",')]);
      answers.push(["a list for a body", await send(owner, entry, ctx, [body])]);
      const limit = (await entry.path(ctx)).startsWith("/api/jobs") ? JOBS_LIMIT_BYTES : JSON_LIMIT_BYTES;
      answers.push([
        "body over the limit",
        await send(owner, entry, ctx, { ...body, padding: "x".repeat(limit) }),
      ]);
    }
    expectCodes(answers);
  });

  it("answers unknown routes with not_found and other methods of a route with method_not_allowed", async () => {
    const answers: [string, Answer][] = [];
    for (const [label, agent] of [
      ["signed out", signedOut],
      ["owner", agents.owner],
    ] as const) {
      answers.push([`${label} GET /api/no-such-thing`, await agent.get("/api/no-such-thing")]);
      answers.push([`${label} POST /api/no-such-thing`, await agent.post("/api/no-such-thing").send({})]);
      answers.push([`${label} DELETE /api/jobs`, await agent.delete("/api/jobs")]);
      answers.push([
        `${label} PATCH /api/employees/:id`,
        await agent.patch(`/api/employees/${randomUUID()}`),
      ]);
    }
    expectCodes(answers);
    expect(answers.map(([, res]) => res.status)).toEqual([404, 404, 405, 405, 404, 404, 405, 405]);
  });

  it("answers the public routes' refusals with codes", async () => {
    const ip = `2001:db8::${randomBytes(2).toString("hex")}`;
    const anyone = () => request(app);
    const { owner } = await buildTenant();
    expectCodes([
      ["login without fields", await anyone().post("/api/login").set("X-Forwarded-For", ip).send({})],
      [
        "login with a wrong password",
        await anyone()
          .post("/api/login")
          .set("X-Forwarded-For", ip)
          .send({ email: owner.email, password: "wrong-1" }),
      ],
      ["register without fields", await anyone().post("/api/register").send({})],
      [
        "register a taken e-mail",
        await anyone().post("/api/register").send({
          email: owner.email,
          password: "long-enough-1",
          firstName: "A",
          lastName: "B",
          companyName: "C",
        }),
      ],
      ["user signed out", await anyone().get("/api/user")],
      ["unknown invitation link", await anyone().get("/api/invitations/token/not-a-token")],
      ["accept an unknown link", await anyone().post("/api/invitations/token/not-a-token/accept").send({})],
      [
        "make-admin without fields",
        await anyone().post("/api/make-admin").set("X-Forwarded-For", ip).send({}),
      ],
      ["unsigned Stripe webhook", await anyone().post("/api/stripe/webhook").send("{}")],
      ["photo of an unknown job", await agents.owner.get(`/api/jobs/${randomUUID()}/photos/before`)],
      ["demo payment as an employee", await agents.employee.post("/api/demo-billing/activate").send({})],
    ]);
  });

  it("answers 402, 409, 410 and 429 with their codes", async () => {
    const expired = await buildTenant({ trialEndsAt: new Date(Date.now() - 60_000) });
    const expiredOwner = await agentFor(expired.owner);
    const busy = await buildEmployee(ctx.companyId, { name: "Busy Bee", initials: "BB" });
    await buildJob(ctx.companyId, busy.id);
    const invitation = await agents.owner
      .post(`/api/companies/${ctx.companyId}/invitations`)
      .send({ email: uniqueEmail("gone"), role: "employee" });
    expect(invitation.status).toBe(201);
    const accept = () =>
      request(app)
        .post(`/api/invitations/token/${invitationToken(invitation.body.id)}/accept`)
        .send({ firstName: "Ivy", lastName: "Invited", password: "long-enough-1" });
    expect((await accept()).status).toBe(200);
    const email = uniqueEmail("locked");
    const ip = `2001:db8::${randomBytes(2).toString("hex")}`;
    const failedLogin = () =>
      request(app).post("/api/login").set("X-Forwarded-For", ip).send({ email, password: "not-it-1" });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await failedLogin();

    const answers: [string, Answer][] = [
      [
        "a change after the trial",
        await expiredOwner
          .post("/api/employees")
          .send({ name: "Late", initials: "L", avatarColor: "blue", companyId: expired.company.id }),
      ],
      ["delete an employee with jobs", await agents.owner.delete(`/api/employees/${busy.id}`)],
      ["accept a used invitation", await accept()],
      ["sign-in while locked", await failedLogin()],
    ];
    expectCodes(answers);
    expect(answers.map(([, res]) => res.status)).toEqual([402, 409, 410, 429]);
    expect(answers[1][1].body).toMatchObject({ code: "conflict", jobCount: 1 });
  });

  // Last in the file: the walk above must have met every kind of refusal, or it proved less than it says.
  it("met every kind of refusal on the way", () => {
    const kinds = ["validation", "unauthorized", "payment_required", "forbidden", "not_found", "conflict"];
    expect([...codesSeen]).toEqual(expect.arrayContaining([...kinds, "gone", "too_large", "rate_limited"]));
  });
});
