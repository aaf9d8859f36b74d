/**
 * The worker has no Socket.IO server: its publish() goes through the Redis emitter
 * (@socket.io/redis-emitter) to the web processes' adapter. Here a listening post (a plain
 * Socket.IO server on that adapter) plays the web process and this test process plays the
 * worker, with no publisher plugged in.
 */

import { currentPublisher, publish, publishToUser, removeUserFromCompanyRoom } from "@sched/core/publish";
import { buildTenant } from "@sched/core/test/factories";
import { type ListeningPost, nextEvent, startListeningPost } from "@sched/core/test/sockets";
import { companyRoom, officeRoom, userRoom } from "@sched/shared-types";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

let post: ListeningPost;
beforeAll(async () => {
  post = await startListeningPost();
});
afterAll(async () => {
  await post.close();
});

describe("the worker's emitter", () => {
  it("reaches a browser's socket in the company's rooms and in the user's room", async () => {
    // As in the worker process: nothing plugged in, so publish() can only use the emitter.
    expect(currentPublisher()).toBeUndefined();
    const { company, owner } = await buildTenant();
    const socket = await post.listen([companyRoom(company.id), officeRoom(company.id), userRoom(owner.id)]);
    const technician = await post.listen([companyRoom(company.id)]);
    const technicianHeard: string[] = [];
    technician.onAny((event: string) => technicianHeard.push(event));

    const archived = nextEvent(socket, "weeklySchedule.updated");
    const week = {
      id: "00000000-0000-4000-8000-000000000001",
      companyId: company.id,
      weekStartDate: "2026-11-16",
      weekEndDate: "2026-11-22",
      name: "Week of Nov 16, 2026",
      isArchived: true,
      createdAt: new Date().toISOString(),
      version: 2,
    };
    publish(company.id, "weeklySchedule.updated", week);
    expect(await archived).toEqual(week);

    // An office event with a signal: the office gets the row, the others only its company.
    const customer = nextEvent(socket, "customer.deleted");
    const signal = nextEvent(technician, "customer.deleted");
    const sent = { id: "00000000-0000-4000-8000-000000000002", companyId: company.id };
    publish(company.id, "customer.deleted", sent);
    expect(await customer).toEqual(sent);
    expect(await signal).toEqual({ companyId: company.id });
    // Sent after the History week on the same connection: that week never reached them.
    expect(technicianHeard).toEqual(["customer.deleted"]);

    const personal = nextEvent(socket, "notification.read");
    publishToUser(owner.id, "notification.read", { companyId: company.id });
    expect(await personal).toEqual({ companyId: company.id });
  });

  it("removes a member's sockets from the company room on every process", async () => {
    const { company, admin } = await buildTenant();
    await post.listen([companyRoom(company.id), userRoom(admin.id)]);
    const roomsOfAdmin = async () => (await post.io.in(userRoom(admin.id)).fetchSockets())[0]?.rooms;
    expect((await roomsOfAdmin())?.has(companyRoom(company.id))).toBe(true);

    removeUserFromCompanyRoom(admin.id, company.id);
    await vi.waitFor(
      async () => {
        const rooms = await roomsOfAdmin();
        expect(rooms?.has(userRoom(admin.id))).toBe(true);
        expect(rooms?.has(companyRoom(company.id))).toBe(false);
      },
      { timeout: 5000, interval: 20 },
    );
  });
});
