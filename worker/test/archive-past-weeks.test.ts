import { archivePastWeeks } from "@sched/core/commands/archive-past-weeks";
import { db } from "@sched/core/db/client";
import { weeklySchedules } from "@sched/core/db/schema";
import { addDays, toDateString, weekStartOf } from "@sched/core/lib/dates";
import { publish } from "@sched/core/publish";
import { BULL_PREFIX } from "@sched/core/queues";
import { newRedisConnection } from "@sched/core/redis";
import { buildCompany } from "@sched/core/test/factories";
import { nextEvent, startListeningPost } from "@sched/core/test/sockets";
import { companyRoom, officeRoom, QUEUES } from "@sched/shared-types";
import { Queue, QueueEvents } from "bullmq";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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
    const { company, starts } = await companyWithWeeks();
    const post = await startListeningPost();
    // History is the office's: an owner's or admin's socket (docs/realtime.md).
    const socket = await post.listen([companyRoom(company.id), officeRoom(company.id)]);
    const updates: { weekStartDate: string; isArchived: boolean }[] = [];
    socket.on("weeklySchedule.updated", (week) => updates.push(week));

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
      // The job published before it finished, on the same emitter: once a marker sent now
      // arrives, every update it sent has arrived too, and nothing more is on its way.
      const marker = nextEvent(socket, "subscription.updated");
      publish(company.id, "subscription.updated", { companyId: company.id });
      await marker;
      expect(updates.map((week) => [week.weekStartDate, week.isArchived]).sort()).toEqual(
        [
          [starts[0], true],
          [starts[1], true],
        ].sort(),
      );
      expect((await archivedStarts(company.id))[starts[2]]).toBe(false);
    } finally {
      await events.close();
      await queue.close();
      connection.disconnect();
      await workers.close();
      await post.close();
    }
  });
});
