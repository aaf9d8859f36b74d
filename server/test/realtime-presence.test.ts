/** Presence on the board: who else is viewing the same week of the same company. */

import { buildTenant } from "@sched/core/test/factories";
import type { PresenceUser, ServerEvents } from "@sched/shared-types";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, sessionCookieFor, startGateway } from "./realtime-support";

type PresencePayload = ServerEvents["presence.updated"];

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

const connectAs = async (user: { email: string }) =>
  connectSocket(gateway.url, { Cookie: await sessionCookieFor(user) });

const WEEK = "2026-11-23";
const NEXT_WEEK = "2026-11-30";

/** Resolves with the first presence.updated for `weekStart` whose user ids are `userIds`. */
function presenceOf(socket: Socket, weekStart: string, userIds: string[], ms = 3000) {
  return new Promise<PresenceUser[]>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no presence ${JSON.stringify(userIds)} for ${weekStart}`)),
      ms,
    );
    const onUpdate = (payload: PresencePayload) => {
      const ids = payload.users.map((u) => u.userId).sort();
      if (payload.weekStart !== weekStart || JSON.stringify(ids) !== JSON.stringify([...userIds].sort()))
        return;
      clearTimeout(timer);
      socket.off("presence.updated", onUpdate);
      resolve(payload.users);
    };
    socket.on("presence.updated", onUpdate);
  });
}

describe("presence", () => {
  it("lists everyone viewing a week, once per user, by name", async () => {
    const { company, owner, admin } = await buildTenant();
    const ownerSocket = await connectAs(owner);
    const adminSocket = await connectAs(admin);
    const adminSecondTab = await connectAs(admin);

    const both = presenceOf(ownerSocket, WEEK, [owner.id, admin.id]);
    expect(
      await ownerSocket.emitWithAck("presence.join", { companyId: company.id, weekStart: WEEK }),
    ).toEqual({
      ok: true,
    });
    await adminSocket.emitWithAck("presence.join", { companyId: company.id, weekStart: WEEK });
    await adminSecondTab.emitWithAck("presence.join", { companyId: company.id, weekStart: WEEK });
    // Adam Admin sorts before Olive Owner.
    expect(await both).toEqual([
      { userId: admin.id, firstName: "Adam", lastName: "admin" },
      { userId: owner.id, firstName: "Olive", lastName: "Owner" },
    ]);

    // One tab of two leaving keeps the admin on the board.
    const stillBoth = presenceOf(ownerSocket, WEEK, [owner.id, admin.id]);
    adminSecondTab.close();
    await stillBoth;
    ownerSocket.close();
    adminSocket.close();
  });

  it("moves a viewer between weeks, and drops them on leave and on disconnect", async () => {
    const { company, owner, admin } = await buildTenant();
    const ownerSocket = await connectAs(owner);
    const adminSocket = await connectAs(admin);
    await ownerSocket.emitWithAck("presence.join", { companyId: company.id, weekStart: WEEK });
    const together = presenceOf(ownerSocket, WEEK, [owner.id, admin.id]);
    await adminSocket.emitWithAck("presence.join", { companyId: company.id, weekStart: WEEK });
    await together;

    const ownerAlone = presenceOf(ownerSocket, WEEK, [owner.id]);
    const adminNextWeek = presenceOf(ownerSocket, NEXT_WEEK, [admin.id]);
    await adminSocket.emitWithAck("presence.join", { companyId: company.id, weekStart: NEXT_WEEK });
    await Promise.all([ownerAlone, adminNextWeek]);

    const nobodyNextWeek = presenceOf(ownerSocket, NEXT_WEEK, []);
    expect(await adminSocket.emitWithAck("presence.leave", { companyId: company.id })).toEqual({ ok: true });
    await nobodyNextWeek;

    const back = presenceOf(adminSocket, WEEK, [owner.id, admin.id]);
    await adminSocket.emitWithAck("presence.join", { companyId: company.id, weekStart: WEEK });
    await back;
    const ownerGone = presenceOf(adminSocket, WEEK, [admin.id]);
    ownerSocket.close();
    await ownerGone;
    adminSocket.close();
  });

  it("refuses a malformed join with a reason", async () => {
    const { company, owner } = await buildTenant();
    const socket = await connectAs(owner);
    expect(
      await socket.emitWithAck("presence.join", { companyId: company.id, weekStart: "2026-11-24" }),
    ).toEqual({ ok: false, message: "weekStart must be a Monday" });
    expect(await socket.emitWithAck("presence.join", { companyId: "nope", weekStart: WEEK })).toEqual({
      ok: false,
      message: "Company id is required",
    });
    expect(await socket.emitWithAck("presence.leave", { companyId: 7 })).toEqual({
      ok: false,
      message: "Company id is required",
    });
    socket.close();
  });
});
