/**
 * Replays of a phone's queued changes (docs/offline.md): the technician's phone sends each
 * change it kept offline with its own Idempotency-Key and the version it was made on, and
 * sends it again when an answer was lost. The same change heard twice is applied once:
 * job status, photos and chat messages alike.
 */
import { randomUUID } from "node:crypto";
import { db } from "@sched/core/db/client";
import { chatMessages, jobPhotos, jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const KEY = "Idempotency-Key";
const REPLAYED = "idempotent-replayed";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const pngDataUrl = `data:image/png;base64,${PNG.toString("base64")}`;

const storedJob = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("a queued job change sent twice", () => {
  it("completes the job once: the repeat answers the first answer, not 409 stale", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { status: "scheduled" });
    const agent = await agentFor(employeeUser);
    const key = randomUUID();
    const change = { status: "completed", completedAt: "2026-11-23T10:15:00.000Z", version: job.version };

    const first = await agent.put(`/api/jobs/${job.id}`).set(KEY, key).send(change);
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(job.version + 1);
    const again = await agent.put(`/api/jobs/${job.id}`).set(KEY, key).send(change);
    expect(again.status).toBe(200);
    expect(again.headers[REPLAYED]).toBe("true");
    expect(again.body).toEqual(first.body);

    const stored = await storedJob(job.id);
    expect(stored.status).toBe("completed");
    expect(stored.version).toBe(job.version + 1);
    expect(stored.completedAt?.toISOString()).toBe("2026-11-23T10:15:00.000Z");
  });

  it("applies parallel repeats of one status change once", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { status: "scheduled" });
    const agent = await agentFor(employeeUser);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        agent.put(`/api/jobs/${job.id}`).set(KEY, key).send({ status: "in_progress", version: job.version }),
      ),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(5).fill(200));
    expect(answers.filter((res) => res.headers[REPLAYED] === undefined)).toHaveLength(1);
    expect((await storedJob(job.id)).version).toBe(job.version + 1);
  });

  it("stores a queued photo once", async () => {
    const { company, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { status: "in_progress" });
    const agent = await agentFor(employeeUser);
    const key = randomUUID();
    const change = { afterPhoto: pngDataUrl, version: job.version };

    const first = await agent.put(`/api/jobs/${job.id}`).set(KEY, key).send(change);
    expect(first.status).toBe(200);
    const again = await agent.put(`/api/jobs/${job.id}`).set(KEY, key).send(change);
    expect([again.status, again.headers[REPLAYED]]).toEqual([200, "true"]);
    expect(again.body.afterPhotoUrl).toBe(first.body.afterPhotoUrl);

    expect((await storedJob(job.id)).version).toBe(job.version + 1);
    const photos = await db.select().from(jobPhotos).where(eq(jobPhotos.jobId, job.id));
    expect(photos.map((photo) => [photo.kind, photo.size])).toEqual([["after", PNG.length]]);
  });

  it("still answers 409 stale to a change made on a version the office has moved past", async () => {
    const { company, owner, employeeUser, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id, { status: "scheduled" });
    const office = await agentFor(owner);
    const moved = await office.put(`/api/jobs/${job.id}`).send({ time: "14:00", version: job.version });
    expect(moved.status).toBe(200);

    const agent = await agentFor(employeeUser);
    const key = randomUUID();
    const change = { status: "completed", version: job.version };
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await agent.put(`/api/jobs/${job.id}`).set(KEY, key).send(change);
      expect([res.status, res.body.code]).toEqual([409, "stale"]);
      expect(res.body.current.time).toBe("14:00");
    }
    const stored = await storedJob(job.id);
    expect([stored.status, stored.version]).toEqual(["scheduled", moved.body.version]);
  });
});

describe("a queued chat message sent twice", () => {
  it("posts the message once", async () => {
    const { company, employeeUser } = await buildTenant();
    const agent = await agentFor(employeeUser);
    const key = randomUUID();
    const body = { companyId: company.id, message: "Running late, basement flooded" };

    const first = await agent.post("/api/chat").set(KEY, key).send(body);
    expect(first.status).toBe(201);
    const again = await agent.post("/api/chat").set(KEY, key).send(body);
    expect([again.status, again.headers[REPLAYED]]).toEqual([201, "true"]);
    expect(again.body).toEqual(first.body);

    const messages = await db.select().from(chatMessages).where(eq(chatMessages.companyId, company.id));
    expect(messages.map((message) => message.message)).toEqual([body.message]);
  });
});
