/**
 * The worker has no Socket.IO server: its publish() goes through the Redis emitter
 * (@socket.io/redis-emitter) to the web processes' adapter. Here a gateway plays the web
 * process and this test process plays the worker, with the gateway unhooked from publish().
 */
import { companyRoom } from "@sched/shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  currentPublisher,
  publish,
  publishToUser,
  removeUserFromCompanyRoom,
  usePublisher,
} from "../../server/src/realtime/publish";
import { buildTenant } from "../../server/test/factories";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "../../server/test/realtime-support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
  // From here on publish() works as in the worker process: through the emitter only.
  usePublisher(undefined);
});
afterAll(async () => {
  await gateway.close();
});

describe("the worker's emitter", () => {
  it("reaches a browser's socket in the company room and in the user's room", async () => {
    expect(currentPublisher()).toBeUndefined();
    const { company, owner } = await buildTenant();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });

    const archived = nextEvent(socket, "weeklySchedule.updated");
    const week = {
      id: "00000000-0000-4000-8000-000000000001",
      companyId: company.id,
      weekStartDate: "2026-11-16",
      weekEndDate: "2026-11-22",
      name: "Week of Nov 16, 2026",
      isArchived: true,
      createdAt: new Date().toISOString(),
    };
    publish(company.id, "weeklySchedule.updated", week);
    expect(await archived).toEqual(week);

    const personal = nextEvent(socket, "notification.read");
    publishToUser(owner.id, "notification.read", { companyId: company.id });
    expect(await personal).toEqual({ companyId: company.id });
    socket.close();
  });

  it("removes a member's sockets from the company room on every process", async () => {
    const { company, admin } = await buildTenant();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(admin) });
    removeUserFromCompanyRoom(admin.id, company.id);
    const deadline = Date.now() + 3000;
    let rooms: Set<string> = new Set([companyRoom(company.id)]);
    while (rooms.has(companyRoom(company.id)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const [remote] = await gateway.io.in(`user:${admin.id}`).fetchSockets();
      rooms = remote.rooms;
    }
    expect(rooms.has(companyRoom(company.id))).toBe(false);
    socket.close();
  });
});
