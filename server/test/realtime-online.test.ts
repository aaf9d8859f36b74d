/** Who is online now (the chat's team directory): GET /api/companies/:companyId/online and presence.online. */
import { randomUUID } from "node:crypto";
import { buildTenant, buildUser } from "@sched/core/test/factories";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

const connectAs = async (user: { email: string }) =>
  connectSocket(gateway.url, { Cookie: await sessionCookieFor(user) });

const onlineUrl = (companyId: string) => `/api/companies/${companyId}/online`;

/** The ids the route answers `user` with, once they equal `expected` (sockets close asynchronously). */
async function untilOnline(user: { email: string }, companyId: string, expected: string[]) {
  const agent = await agentFor(user);
  const wanted = [...expected].sort();
  let last: unknown;
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await agent.get(onlineUrl(companyId));
    expect(res.status).toBe(200);
    last = res.body.userIds;
    if (JSON.stringify(last) === JSON.stringify(wanted)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(last).toEqual(wanted);
}

describe("online now", () => {
  it("answers 401 signed out, and 403 to a non-member and for a company that does not exist", async () => {
    const { company } = await buildTenant();
    expect((await anonymous().get(onlineUrl(company.id))).status).toBe(401);
    const stranger = await agentFor(await buildUser());
    const foreign = await stranger.get(onlineUrl(company.id));
    expect([foreign.status, foreign.body.code]).toEqual([403, "forbidden"]);
    const unknown = await stranger.get(onlineUrl(randomUUID()));
    expect(unknown.status).toBe(403);
  });

  it("lists every member with an open socket, once, to every role, and no one of another company", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    const other = await buildTenant();
    const sockets: Socket[] = [
      await connectAs(owner),
      await connectAs(admin),
      await connectAs(admin),
      await connectAs(other.owner),
    ];
    for (const reader of [owner, admin, employeeUser]) {
      await untilOnline(reader, company.id, [owner.id, admin.id]);
    }
    await untilOnline(other.owner, other.company.id, [other.owner.id]);
    for (const socket of sockets) socket.close();
  });

  it("tells the company when a member comes online and when their last tab closes", async () => {
    const { company, owner, admin } = await buildTenant();
    const ownerSocket = await connectAs(owner);
    const cameOnline = nextEvent<{ companyId: string }>(ownerSocket, "presence.online", 10_000);
    const adminSocket = await connectAs(admin);
    expect(await cameOnline).toEqual({ companyId: company.id });
    await untilOnline(owner, company.id, [owner.id, admin.id]);

    const wentAway = nextEvent<{ companyId: string }>(ownerSocket, "presence.online", 10_000);
    adminSocket.close();
    expect(await wentAway).toEqual({ companyId: company.id });
    await untilOnline(owner, company.id, [owner.id]);
    ownerSocket.close();
  });
});
