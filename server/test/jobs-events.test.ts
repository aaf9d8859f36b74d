import { db } from "@sched/core/db/client";
import { companyUsers } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import type { Deleted, JobDTO, NotificationDTO, WeeklyScheduleDTO } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("job events", () => {
  it("announces every change to the company's room after it is saved", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    // The watcher is the roster employee the job is for, so their own bell hears of it too.
    await db
      .update(companyUsers)
      .set({ employeeId: employee.id })
      .where(and(eq(companyUsers.companyId, company.id), eq(companyUsers.userId, employeeUser.id)));
    const watcher = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(employeeUser) });
    // The new week is History's, which only the office reads (docs/realtime.md).
    const office = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const agent = await agentFor(owner);

    const created = nextEvent<JobDTO>(watcher, "job.created");
    const week = nextEvent<WeeklyScheduleDTO>(office, "weeklySchedule.created");
    const bell = nextEvent<NotificationDTO>(watcher, "notification.created");
    const res = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Emergency",
      location: "3 Pine Rd",
      date: "2026-11-27",
      time: "06:00",
    });
    expect(await created).toEqual(res.body);
    expect(await week).toMatchObject({ weekStartDate: "2026-11-23", name: "Week of Nov 23, 2026" });
    expect((await bell).message).toBe(
      "Olive Owner assigned you a 6:00 AM Emergency at 3 Pine Rd on Fri 27 Nov",
    );

    const updated = nextEvent<JobDTO>(watcher, "job.updated");
    const moved = await agent.put(`/api/jobs/${res.body.id}`).send({ date: "2026-11-28" });
    expect(await updated).toEqual(moved.body);

    const deleted = nextEvent<Deleted>(watcher, "job.deleted");
    await agent.delete(`/api/jobs/${res.body.id}`);
    expect(await deleted).toEqual({ id: res.body.id, companyId: company.id });
    watcher.close();
    office.close();
  });
});
