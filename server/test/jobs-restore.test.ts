/**
 * Delete's Undo (docs/schedule.md; issue 51): POST /api/jobs/:id/restore puts a job
 * deleted in the last day back under its id, with its photos, for the office of its company.
 */
import { db } from "@sched/core/db/client";
import { customerNotices, deletedJobs, employees, jobPhotos, jobs } from "@sched/core/db/schema";
import { closeQueues } from "@sched/core/queues";
import { buildJob, buildTenant, uniqueEmail } from "@sched/core/test/factories";
import { addDays, type JobDTO, type JobPhotoDTO } from "@sched/shared-types";
import { asc, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64, 3)]);

afterAll(async () => {
  await closeQueues();
});

async function deletedJobWithPhoto() {
  const tenant = await buildTenant();
  const job = await buildJob(tenant.company.id, tenant.employee.id, { location: "9 Undo Lane" });
  await db.insert(jobPhotos).values({
    companyId: tenant.company.id,
    jobId: job.id,
    kind: "before",
    mimeType: "image/png",
    bytes: PNG,
    size: PNG.length,
  });
  await db.update(jobs).set({ hasBeforePhoto: true }).where(eq(jobs.id, job.id));
  const owner = await agentFor(tenant.owner);
  expect((await owner.delete(`/api/jobs/${job.id}`)).status).toBe(204);
  return { ...tenant, job, owner };
}

describe("POST /api/jobs/:id/restore", () => {
  it("puts the deleted job back under its id, with its photos, once", async () => {
    const { job, owner, company } = await deletedJobWithPhoto();
    expect((await owner.get(`/api/jobs/${job.id}/photos`)).status).toBe(404);

    const res = await owner.post(`/api/jobs/${job.id}/restore`);
    expect(res.status).toBe(201);
    const restored = res.body as JobDTO;
    expect(restored).toMatchObject({ id: job.id, location: "9 Undo Lane", date: job.date, time: job.time });
    // Above the version the customer's cancellation carried (version + 1).
    expect(restored.version).toBe(job.version + 2);

    const photos = (await owner.get(`/api/jobs/${job.id}/photos`)).body as JobPhotoDTO[];
    expect(photos).toHaveLength(1);
    const bytes = await owner.get(`/api/jobs/${job.id}/photos/${photos[0].id}`).buffer(true);
    expect(Buffer.compare(bytes.body as Buffer, PNG)).toBe(0);
    const list = await owner.get(
      `/api/jobs?companyId=${company.id}&startDate=${job.date}&endDate=${job.date}`,
    );
    expect((list.body as JobDTO[]).map((one) => one.id)).toContain(job.id);

    // Put back already: nothing left in the bin.
    expect((await owner.post(`/api/jobs/${job.id}/restore`)).status).toBe(404);
    expect(await db.select().from(deletedJobs).where(eq(deletedJobs.id, job.id))).toEqual([]);
  });

  it("is 401 signed out, 403 for a technician and 404 for another company", async () => {
    const { job, employeeUser } = await deletedJobWithPhoto();
    expect((await anonymous().post(`/api/jobs/${job.id}/restore`)).status).toBe(401);
    expect((await (await agentFor(employeeUser)).post(`/api/jobs/${job.id}/restore`)).status).toBe(403);
    const other = await buildTenant();
    const foreign = await (await agentFor(other.owner)).post(`/api/jobs/${job.id}/restore`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Job not found");
    // Still in the bin for its own company.
    expect(
      await db.select({ id: deletedJobs.id }).from(deletedJobs).where(eq(deletedJobs.id, job.id)),
    ).toEqual([{ id: job.id }]);
  });

  it("keeps a deleted job a day only, and refuses one whose technician is no longer active", async () => {
    const old = await deletedJobWithPhoto();
    await db
      .update(deletedJobs)
      .set({ deletedAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(deletedJobs.id, old.job.id));
    expect((await old.owner.post(`/api/jobs/${old.job.id}/restore`)).status).toBe(404);

    const gone = await deletedJobWithPhoto();
    await db.update(employees).set({ isActive: false }).where(eq(employees.id, gone.employee.id));
    const res = await gone.owner.post(`/api/jobs/${gone.job.id}/restore`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Employee is not active");
  });

  it("puts back one visit of a recurring job deleted on its own, in its series", async () => {
    const tenant = await buildTenant();
    const owner = await agentFor(tenant.owner);
    // Within the series' horizon: its visits exist as job rows from the start.
    const start = addDays(new Date().toISOString().slice(0, 10), 7);
    const made = await owner.post("/api/job-series").send({
      companyId: tenant.company.id,
      employeeId: tenant.employee.id,
      type: "Maintenance",
      location: "5 Weekly Rd",
      time: "08:00",
      startDate: start,
      rrule: "FREQ=WEEKLY;COUNT=3",
    });
    expect(made.status).toBe(201);
    const [second] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.seriesId, made.body.id))
      .then((rows) => rows.filter((row) => row.date === addDays(start, 7)));
    expect((await owner.delete(`/api/jobs/${second.id}?scope=this`)).status).toBe(204);
    const res = await owner.post(`/api/jobs/${second.id}/restore`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: second.id, seriesId: made.body.id, date: addDays(start, 7) });
  });

  it("tells a customer who heard of the cancellation that the visit is on again", async () => {
    const tenant = await buildTenant();
    const owner = await agentFor(tenant.owner);
    await owner.put(`/api/companies/${tenant.company.id}/settings`).send({ customerNotices: true });
    const booked = await owner.post("/api/jobs").send({
      companyId: tenant.company.id,
      employeeId: tenant.employee.id,
      type: "Repair",
      location: "3 Notice Rd",
      date: "2030-06-03",
      time: "09:00",
      customerEmail: uniqueEmail("restored"),
    });
    expect(booked.status).toBe(201);
    const id = booked.body.id as string;
    const told = () =>
      db
        .select({ kind: customerNotices.kind, dedupeKey: customerNotices.dedupeKey })
        .from(customerNotices)
        .where(like(customerNotices.dedupeKey, `%:${id}:%`))
        .orderBy(asc(customerNotices.createdAt));
    await db
      .update(customerNotices)
      .set({ sentAt: new Date() })
      .where(like(customerNotices.dedupeKey, `%:${id}:%`));
    expect((await owner.delete(`/api/jobs/${id}`)).status).toBe(204);
    expect((await owner.post(`/api/jobs/${id}/restore`)).status).toBe(201);
    expect((await told()).map((notice) => notice.kind)).toEqual([
      "confirmation",
      "cancellation",
      "confirmation",
    ]);
    expect((await told())[2].dedupeKey).toBe(`confirmation:${id}:2030-06-03T09:00:v3`);
  });
});
