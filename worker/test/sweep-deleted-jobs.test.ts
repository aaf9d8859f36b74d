import { deleteJob } from "@sched/core/commands/delete-job";
import { db } from "@sched/core/db/client";
import { deletedJobPhotos, deletedJobs, jobPhotos } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { maintenanceHandlers } from "../src/jobs/registry";
import { sweepExpiredDeletedJobs } from "../src/jobs/sweep-deleted-jobs";
import { REPEATING } from "../src/schedules";

const HOUR_MS = 60 * 60 * 1000;

describe("sweepDeletedJobs", () => {
  it("runs daily and empties the bin of jobs deleted more than a day ago, photos and all", async () => {
    expect(REPEATING.sweepDeletedJobs.every).toBe(24 * HOUR_MS);
    expect(maintenanceHandlers.sweepDeletedJobs).toBeDefined();
    const { company, owner, employee } = await buildTenant();
    const member = { companyId: company.id, userId: owner.id, role: "owner" as const, isReadOnly: false };
    const [old, young] = [await buildJob(company.id, employee.id), await buildJob(company.id, employee.id)];
    await db.insert(jobPhotos).values({
      companyId: company.id,
      jobId: old.id,
      kind: "after",
      mimeType: "image/png",
      bytes: Buffer.from("89504e47", "hex"),
      size: 4,
    });
    await deleteJob(member, old);
    await deleteJob(member, young);
    expect(
      await db.select().from(deletedJobPhotos).where(eq(deletedJobPhotos.deletedJobId, old.id)),
    ).toHaveLength(1);
    await db
      .update(deletedJobs)
      .set({ deletedAt: new Date(Date.now() - 25 * HOUR_MS) })
      .where(eq(deletedJobs.id, old.id));

    const { removed } = await sweepExpiredDeletedJobs();
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: deletedJobs.id })
      .from(deletedJobs)
      .where(inArray(deletedJobs.id, [old.id, young.id]));
    expect(left).toEqual([{ id: young.id }]);
    expect(await db.select().from(deletedJobPhotos).where(eq(deletedJobPhotos.deletedJobId, old.id))).toEqual(
      [],
    );
  });
});
