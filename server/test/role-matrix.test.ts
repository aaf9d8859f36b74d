/**
 * The role table (shared-types/src/roles.ts; docs/team-and-invitations.md says it in words),
 * checked route by route: every call in role-matrix-routes.ts, made by the owner, an admin,
 * an employee and a signed-in non-member of one company. A route the app does not serve
 * (404 "No such endpoint") fails here like any other wrong answer: the list names only
 * routes that exist.
 */

import { beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "./role-matrix-routes";
import {
  type Ctx,
  matches,
  NO_SUCH_ENDPOINT,
  send,
  signInActors,
  WHO,
  type Who,
} from "./role-matrix-support";
import type { Agent } from "./support";

let ctx: Ctx;
let agents: Record<Who, Agent>;

beforeAll(async () => {
  ({ ctx, agents } = await signInActors());
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
