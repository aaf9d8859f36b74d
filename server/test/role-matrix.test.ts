/**
 * The role table (shared-types/src/roles.ts; docs/team-and-invitations.md says it in words),
 * checked route by route: every call in role-matrix-routes.ts, made by the owner, an admin,
 * an employee and a signed-in non-member of one company. A route the app does not serve
 * (404 "No such endpoint") fails here like any other wrong answer: the list names only
 * routes that exist. The routes the app serves are read from its router, so a new route
 * fails here until it has an entry (or a reason in OUTSIDE_ROLES).
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
