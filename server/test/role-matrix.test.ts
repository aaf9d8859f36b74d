/**
 * The role table (shared-types/src/roles.ts; docs/team-and-invitations.md says it in words),
 * checked route by route: every call in role-matrix-routes.ts, made by the owner, an admin,
 * an employee and a signed-in non-member of one company. A route the app does not serve
 * (404 "No such endpoint") fails here like any other wrong answer: the list names only
 * routes that exist. The routes the app serves are read from its router, so a new route
 * fails here until it has an entry (or a reason in OUTSIDE_ROLES). The owner then walks the
 * same list again with every id in paths, queries and bodies in upper case: ids are read in
 * one canonical form at the edge (docs/api.md), so each answer is the same.
 */

import { beforeAll, describe, expect, it } from "vitest";
import { apiRoutesOf } from "./embedded/app-routes";
import { OUTSIDE_ROLES, ROUTES } from "./role-matrix-routes";
import {
  type Ctx,
  matches,
  NO_SUCH_ENDPOINT,
  send,
  signInActors,
  WHO,
  type Who,
} from "./role-matrix-support";
import { type Agent, app } from "./support";

let ctx: Ctx;
let agents: Record<Who, Agent>;

beforeAll(async () => {
  ({ ctx, agents } = await signInActors());
});

/** "PUT /api/jobs/:id (status only)" is the route "PUT /api/jobs/:id". */
const patternOf = (route: string) => route.replace(/ \(.*\)$/, "");

describe("the role matrix's list", () => {
  const served = apiRoutesOf(app);
  const listed = [...ROUTES.map((entry) => patternOf(entry.route)), ...Object.keys(OUTSIDE_ROLES)];

  it("has every route the app serves", () => {
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((route) => !listed.includes(route))).toEqual([]);
  });

  it("names only routes the app serves", () => {
    expect(listed.filter((route) => !served.includes(route))).toEqual([]);
  });
});

describe("role matrix", () => {
  it.for(ROUTES)("$route", async (entry) => {
    const wrong: Partial<Record<Who, number | string>> = {};
    for (const who of WHO) {
      const res = await send(agents[who], entry, ctx);
      if (res.status === 404 && res.body?.message === NO_SUCH_ENDPOINT)
        wrong[who] = `404 ${NO_SUCH_ENDPOINT}`;
      else if (!matches(res.status, entry.expected[who])) wrong[who] = res.status;
    }
    // One assertion per route, naming every role that got the wrong answer.
    expect(wrong, `expected ${JSON.stringify(entry.expected)}`).toEqual({});
  });
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** The value with every UUID in it (strings at any depth) in upper case. */
function upperIds<T>(value: T): T {
  if (typeof value === "string") return value.replace(UUID, (id) => id.toUpperCase()) as T;
  if (Array.isArray(value)) return value.map(upperIds) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, upperIds(item)])) as T;
  return value;
}

describe("an upper-case id on every route", () => {
  // A company of its own: the first walk changed the other's (its plan, for one).
  let upperCtx: Ctx;
  let owner: Agent;
  beforeAll(async () => {
    const actors = await signInActors();
    upperCtx = actors.ctx;
    owner = actors.agents.owner;
  });

  it.for(ROUTES)("$route", async (entry) => {
    const upper = {
      ...entry,
      path: async (c: Ctx) => upperIds(await entry.path(c)),
      body: entry.body && (async (c: Ctx) => upperIds(await entry.body?.(c))),
    };
    const res = await send(owner, upper as typeof entry, upperCtx);
    expect(
      { status: res.status, body: matches(res.status, entry.expected.owner) ? "as lower case" : res.body },
      `expected ${JSON.stringify(entry.expected.owner)}`,
    ).toEqual({ status: expect.any(Number), body: "as lower case" });
  });
});
