import { archivePastWeeks } from "@sched/server/commands/archive-past-weeks";
import { db } from "@sched/server/db/client";
import { weeklySchedules } from "@sched/server/db/schema";
import { addDays, toDateString, weekStartOf } from "@sched/server/lib/dates";
import { BULL_PREFIX } from "@sched/server/queues";
import { newRedisConnection } from "@sched/server/redis";
import { QUEUES } from "@sched/shared-types";
import { Queue, QueueEvents } from "bullmq";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildCompany } from "../../server/test/factories";
import { connectSocket, sessionCookieFor, startGateway } from "../../server/test/realtime-support";
import { startWorkers } from "../src/workers";

const thisMonday = weekStartOf(toDateString(new Date()));

/** A company with a week that ended long ago, last week, this week and next week, none archived. */
async function companyWithWeeks() {
  const { company, owner } = await buildCompany();
  const starts = ["2020-01-06", addDays(thisMonday, -7), thisMonday, addDays(thisMonday, 7)];
  await db.insert(weeklySchedules).values(
    starts.map((weekStartDate) => ({
      companyId: company.id,
      weekStartDate,
      weekEndDate: addDays(weekStartDate, 6),
      name: `Week ${weekStartDate}`,
    })),
  );
  return { company, owner, starts };
}

async function archivedStarts(companyId: string) {
  const rows = await db.select().from(weeklySchedules).where(eq(weeklySchedules.companyId, companyId));
  return Object.fromEntries(rows.map((row) => [row.weekStartDate, row.isArchived]));
}

describe("archivePastWeeks", () => {
  it("archives only the weeks whose Sunday has passed, and a second run changes nothing", async () => {
    const { company, starts } = await companyWithWeeks();
    const first = await archivePastWeeks();
    const mine = first.filter((week) => week.companyId === company.id);
    expect(mine.map((week) => week.weekStartDate).sort()).toEqual([starts[0], starts[1]].sort());
    expect(await archivedStarts(company.id)).toEqual({
      [starts[0]]: true,
      [starts[1]]: true,
      [starts[2]]: false,
      [starts[3]]: false,
    });

    const second = await archivePastWeeks();
    expect(second.filter((week) => week.companyId === company.id)).toEqual([]);
    expect(await archivedStarts(company.id)).toEqual({
      [starts[0]]: true,
      [starts[1]]: true,
      [starts[2]]: false,
      [starts[3]]: false,
    });
  });

  it("runs as the maintenance queue's archivePastWeeks job and tells the company's browsers", async () => {
    const { company, owner, starts } = await companyWithWeeks();
    const gateway = await startGateway();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const updates: { weekStartDate: string; isArchived: boolean }[] = [];
    socket.on("weeklySchedule.updated", (week) => updates.push(week));
    const secondUpdate = new Promise<void>((resolve) => {
      socket.on("weeklySchedule.updated", () => updates.length === 2 && resolve());
    });

    const workers = startWorkers();
    const connection = newRedisConnection();
    const queue = new Queue(QUEUES.maintenance, { connection, prefix: BULL_PREFIX });
    const events = new QueueEvents(QUEUES.maintenance, {
      connection: newRedisConnection(),
      prefix: BULL_PREFIX,
    });
    try {
      await events.waitUntilReady();
      const job = await queue.add("archivePastWeeks", {});
      await job.waitUntilFinished(events, 15_000);
      await secondUpdate;
      expect(updates.map((week) => [week.weekStartDate, week.isArchived]).sort()).toEqual(
        [
          [starts[0], true],
          [starts[1], true],
        ].sort(),
      );
      expect((await archivedStarts(company.id))[starts[2]]).toBe(false);
    } finally {
      socket.close();
      await events.close();
      await queue.close();
      connection.disconnect();
      await workers.close();
      await gateway.close();
    }
  });
});
