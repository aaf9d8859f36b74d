/**
 * Several photos per job (docs/my-day.md; issue 35): the list, adding one (a
 * technician only on their own jobs, at most 10 of a kind), the office deleting one, and
 * the older before/after routes still answering the first photo of each kind.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { companyUsers, jobs } from "@sched/core/db/schema";
import { NOT_AN_IMAGE, PHOTO_TOO_LARGE } from "@sched/core/lib/photos";
import { buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import {
  JOB_PHOTOS_PER_KIND,
  type JobDTO,
  type JobPhotoDTO,
  NOT_YOUR_JOB,
  PHOTO_KIND_MESSAGE,
  photoLimitMessage,
} from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";

const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a464946", "hex"), Buffer.alloc(64, 7)]);
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(64, 1)]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString("base64")}`;
const jpeg = (fill: number) => dataUrl("image/jpeg", Buffer.concat([JPEG, Buffer.alloc(8, fill)]));

async function setup() {
  const tenant = await buildTenant();
  const job = await buildJob(tenant.company.id, tenant.employee.id);
  return { ...tenant, job };
}

async function link(companyId: string, userId: string, employeeId: string) {
  await db
    .update(companyUsers)
    .set({ employeeId })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
}

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("a job's photos", () => {
  it("adds several of each kind, lists them oldest first and serves each by its id", async () => {
    const { job, employeeUser, owner } = await setup();
    const agent = await agentFor(employeeUser);
    const added: JobPhotoDTO[] = [];
    for (const [kind, fill] of [
      ["before", 1],
      ["before", 2],
      ["after", 3],
    ] as const) {
      const res = await agent.post(`/api/jobs/${job.id}/photos`).send({ kind, photo: jpeg(fill) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ jobId: job.id, kind, mimeType: "image/jpeg", size: JPEG.length + 8 });
      added.push(res.body);
    }
    const list = await (await agentFor(owner)).get(`/api/jobs/${job.id}/photos`);
    expect(list.status).toBe(200);
    expect(list.body.map((photo: JobPhotoDTO) => photo.id)).toEqual(added.map((photo) => photo.id));

    const second = await agent.get(added[1].url).buffer(true);
    expect(second.status).toBe(200);
    expect(second.headers["content-type"]).toBe("image/jpeg");
    expect(second.headers["cache-control"]).toContain("immutable");
    expect(Buffer.from(second.body).at(-1)).toBe(2);

    // The job row says which kinds have a photo, and a photo is not an edit of the plan.
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([stored.hasBeforePhoto, stored.hasAfterPhoto, stored.version]).toEqual([true, true, job.version]);
  });

  it("keeps the older before/after routes on the first photo of each kind", async () => {
    const { job, owner } = await setup();
    const agent = await agentFor(owner);
    await agent.post(`/api/jobs/${job.id}/photos`).send({ kind: "before", photo: jpeg(1) });
    await agent.post(`/api/jobs/${job.id}/photos`).send({ kind: "before", photo: jpeg(2) });
    const first = await agent.get(`/api/jobs/${job.id}/photos/before`).buffer(true);
    expect(Buffer.from(first.body).at(-1)).toBe(1);

    // PUT's beforePhoto replaces the first in its place; the second stays.
    const replaced = await agent.put(`/api/jobs/${job.id}`).send({ beforePhoto: dataUrl("image/png", PNG) });
    expect(replaced.status).toBe(200);
    const served = await agent.get(replaced.body.beforePhotoUrl).buffer(true);
    expect(served.headers["content-type"]).toBe("image/png");
    const list = await agent.get(`/api/jobs/${job.id}/photos`);
    expect(list.body.map((photo: JobPhotoDTO) => photo.mimeType)).toEqual(["image/png", "image/jpeg"]);

    // null removes the first; the job still has a before photo (the second).
    const removed = await agent.put(`/api/jobs/${job.id}`).send({ beforePhoto: null });
    expect(removed.body.beforePhotoUrl).not.toBeNull();
    const now = await agent.get(removed.body.beforePhotoUrl).buffer(true);
    expect(Buffer.from(now.body).at(-1)).toBe(2);
    const last = await agent.put(`/api/jobs/${job.id}`).send({ beforePhoto: null });
    expect(last.body.beforePhotoUrl).toBeNull();
    expect((await agent.get(`/api/jobs/${job.id}/photos`)).body).toEqual([]);
  });

  it(`refuses the ${JOB_PHOTOS_PER_KIND + 1}th photo of a kind with 409 and stores nothing`, async () => {
    const { job, owner } = await setup();
    const agent = await agentFor(owner);
    for (let i = 0; i < JOB_PHOTOS_PER_KIND; i++) {
      const res = await agent.post(`/api/jobs/${job.id}/photos`).send({ kind: "after", photo: jpeg(i) });
      expect(res.status).toBe(201);
    }
    const over = await agent.post(`/api/jobs/${job.id}/photos`).send({ kind: "after", photo: jpeg(99) });
    expect([over.status, over.body.code, over.body.message]).toEqual([
      409,
      "conflict",
      photoLimitMessage("after"),
    ]);
    // The other kind has its own ten.
    const before = await agent.post(`/api/jobs/${job.id}/photos`).send({ kind: "before", photo: jpeg(1) });
    expect(before.status).toBe(201);
    const list = await agent.get(`/api/jobs/${job.id}/photos`);
    expect(list.body).toHaveLength(JOB_PHOTOS_PER_KIND + 1);
  });

  it.each([
    ["no kind", { photo: jpeg(1) }, PHOTO_KIND_MESSAGE],
    ["a kind that is neither", { kind: "during", photo: jpeg(1) }, PHOTO_KIND_MESSAGE],
    ["no photo", { kind: "before" }, NOT_AN_IMAGE],
    ["a GIF", { kind: "before", photo: dataUrl("image/gif", Buffer.from("GIF89a......")) }, NOT_AN_IMAGE],
    ["PNG bytes behind a JPEG prefix", { kind: "before", photo: dataUrl("image/jpeg", PNG) }, NOT_AN_IMAGE],
  ])("refuses %s with 400 and its message", async (_label, body, message) => {
    const { job, owner } = await setup();
    const agent = await agentFor(owner);
    const res = await agent.post(`/api/jobs/${job.id}/photos`).send(body);
    expect([res.status, res.body.message]).toEqual([400, message]);
    expect((await agent.get(`/api/jobs/${job.id}/photos`)).body).toEqual([]);
  });

  it("refuses a photo over 5 MB with 413", async () => {
    const { job, owner } = await setup();
    const big = Buffer.concat([JPEG, Buffer.alloc(6 * 1024 * 1024 - JPEG.length)]);
    const agent = await agentFor(owner);
    const res = await agent
      .post(`/api/jobs/${job.id}/photos`)
      .send({ kind: "before", photo: dataUrl("image/jpeg", big) });
    expect([res.status, res.body.message]).toEqual([413, PHOTO_TOO_LARGE]);
  });

  it("lets a linked technician add photos to their own jobs only", async () => {
    const { company, job, employee, employeeUser } = await setup();
    await link(company.id, employeeUser.id, employee.id);
    const someoneElses = await buildJob(company.id, (await buildEmployee(company.id)).id);
    const agent = await agentFor(employeeUser);
    expect(
      (await agent.post(`/api/jobs/${job.id}/photos`).send({ kind: "before", photo: jpeg(1) })).status,
    ).toBe(201);
    const refused = await agent
      .post(`/api/jobs/${someoneElses.id}/photos`)
      .send({ kind: "before", photo: jpeg(1) });
    expect([refused.status, refused.body.message]).toEqual([403, NOT_YOUR_JOB]);
    expect((await agent.get(`/api/jobs/${someoneElses.id}/photos`)).body).toEqual([]);
  });

  it("lets the office delete one photo, not a technician", async () => {
    const { job, owner, admin, employeeUser } = await setup();
    const tech = await agentFor(employeeUser);
    const first = await tech.post(`/api/jobs/${job.id}/photos`).send({ kind: "after", photo: jpeg(1) });
    const second = await tech.post(`/api/jobs/${job.id}/photos`).send({ kind: "after", photo: jpeg(2) });

    const refused = await tech.delete(`/api/jobs/${job.id}/photos/${first.body.id}`);
    expect(refused.status).toBe(403);

    const deleted = await (await agentFor(admin)).delete(`/api/jobs/${job.id}/photos/${first.body.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.afterPhotoUrl).not.toBeNull();
    expect((await tech.get(first.body.url)).status).toBe(404);
    const office = await agentFor(owner);
    const again = await office.delete(`/api/jobs/${job.id}/photos/${first.body.id}`);
    expect([again.status, again.body.message]).toEqual([404, "Photo not found"]);
    expect((await office.delete(`/api/jobs/${job.id}/photos/not-an-id`)).status).toBe(404);

    const lastGone = await office.delete(`/api/jobs/${job.id}/photos/${second.body.id}`);
    expect(lastGone.body.afterPhotoUrl).toBeNull();
  });

  it("answers 404 for another company's job or photo, and 401 signed out", async () => {
    const { job, owner } = await setup();
    const other = await buildTenant();
    const photo = await (await agentFor(owner))
      .post(`/api/jobs/${job.id}/photos`)
      .send({ kind: "before", photo: jpeg(1) });
    const outsider = await agentFor(other.owner);
    for (const res of [
      await outsider.get(`/api/jobs/${job.id}/photos`),
      await outsider.post(`/api/jobs/${job.id}/photos`).send({ kind: "before", photo: jpeg(2) }),
      await outsider.delete(`/api/jobs/${job.id}/photos/${photo.body.id}`),
      await outsider.get(photo.body.url),
    ]) {
      expect([res.status, res.body.message]).toEqual([404, "Job not found"]);
    }
    // The photo's id under the outsider's own job is no way in either.
    const theirs = await buildJob(other.company.id, other.employee.id);
    const crossed = await outsider.delete(`/api/jobs/${theirs.id}/photos/${photo.body.id}`);
    expect([crossed.status, crossed.body.message]).toEqual([404, "Photo not found"]);
    expect((await outsider.get(`/api/jobs/${theirs.id}/photos/${photo.body.id}`)).status).toBe(404);
    expect((await anonymous().get(`/api/jobs/${job.id}/photos`)).status).toBe(401);
    expect(
      (
        await anonymous()
          .post(`/api/jobs/${job.id}/photos`)
          .send({ kind: "before", photo: jpeg(1) })
      ).status,
    ).toBe(401);
    expect((await (await agentFor(owner)).get(`/api/jobs/${job.id}/photos`)).body).toHaveLength(1);
  });

  it("stores a photo sent twice with one Idempotency-Key once", async () => {
    const { job, employeeUser } = await setup();
    const agent = await agentFor(employeeUser);
    const key = randomUUID();
    const body = { kind: "after", photo: jpeg(5) };
    const first = await agent.post(`/api/jobs/${job.id}/photos`).set("Idempotency-Key", key).send(body);
    const again = await agent.post(`/api/jobs/${job.id}/photos`).set("Idempotency-Key", key).send(body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(first.body.id);
    expect((await agent.get(`/api/jobs/${job.id}/photos`)).body).toHaveLength(1);
  });

  it("announces the job after a photo is added or deleted", async () => {
    const { job, owner, employeeUser } = await setup();
    const watcher = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const added = nextEvent<JobDTO>(watcher, "job.updated", 15_000);
    const photo = await (await agentFor(employeeUser))
      .post(`/api/jobs/${job.id}/photos`)
      .send({ kind: "before", photo: jpeg(1) });
    expect(photo.status).toBe(201);
    const event = await added;
    expect([event.id, event.beforePhotoUrl === null]).toEqual([job.id, false]);

    const deleted = nextEvent<JobDTO>(watcher, "job.updated", 15_000);
    await (await agentFor(owner)).delete(`/api/jobs/${job.id}/photos/${photo.body.id}`);
    expect((await deleted).beforePhotoUrl).toBeNull();
    watcher.close();
  });
});
