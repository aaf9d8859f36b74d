/**
 * The API on the embedded default (the embedded PostgreSQL `npm start` runs without
 * DATABASE_URL): every route the Express router serves, read at run time, is called once by
 * a company's owner and must answer below 500. Routes the role matrix knows
 * (role-matrix-routes.ts) are called with its real paths and bodies; the rest with made-up
 * ids and an empty body. The whole pass runs twice, the second time with new sessions.
 */

import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../role-matrix-routes";
import { type Ctx, type Entry, send, signInActors } from "../role-matrix-support";
import { type Agent, app } from "../support";
import { apiRoutesOf } from "./app-routes";

/** Ends the session: called last, so every other route runs signed in. */
const SIGN_OUT = "POST /api/logout";

const patternOf = (entry: Entry) => entry.route.replace(/ \(.*\)$/, "");

/** An entry for a route the role matrix does not list: made-up ids, an empty JSON body. */
function genericEntry(route: string): Entry {
  const [method, pattern] = route.split(" ");
  return {
    route,
    path: () => pattern.replace(/:(\w+)/g, () => randomUUID()),
    body: method === "GET" || method === "DELETE" ? undefined : () => ({}),
    expected: { owner: "allowed", admin: "allowed", employee: "allowed", nonMember: "allowed" },
  };
}

let ctx: Ctx;
let owner: Agent;
const appRoutes = apiRoutesOf(app);

beforeAll(async () => {
  let agents: Awaited<ReturnType<typeof signInActors>>["agents"];
  ({ ctx, agents } = await signInActors());
  owner = agents.owner;
}, 60_000);

/** Every route once, as the owner; the answers below 500 or the list of those that were not. */
async function touchEveryRoute(): Promise<{ touched: Set<string>; failures: string[] }> {
  const touched = new Set<string>();
  const failures: string[] = [];
  const ordered = [...appRoutes.filter((route) => route !== SIGN_OUT), SIGN_OUT];
  for (const route of ordered) {
    const known = ROUTES.filter((entry) => patternOf(entry) === route);
    for (const entry of known.length > 0 ? known : [genericEntry(route)]) {
      const res = await send(owner, entry, ctx);
      if (res.status >= 500) failures.push(`${entry.route}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    touched.add(route);
  }
  return { touched, failures };
}

describe("the API on the embedded database", () => {
  it("answers every route below 500, twice", async () => {
    // The app's own connection pool is on the embedded server, not on the run's database.
    const database = await db.execute<{ port: string }>(sql`select current_setting('port') as port`);
    expect(database.rows[0].port).toBe(new URL(process.env.DATABASE_URL ?? "").port);
    // The router's surface: a route lost from this count would go untested.
    expect(appRoutes.length).toBeGreaterThan(60);
    for (const pass of [1, 2]) {
      if (pass === 2) owner = (await signInActors()).agents.owner;
      const { touched, failures } = await touchEveryRoute();
      expect(failures, `pass ${pass}`).toEqual([]);
      expect([...touched].sort()).toEqual(appRoutes);
    }
    console.log(
      `API smoke on the embedded PostgreSQL: ${appRoutes.length} routes, each answered below 500 twice`,
    );
  }, 240_000);
});
