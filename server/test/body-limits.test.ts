/**
 * Body limits sized to each route (docs/api.md): a job's fields fit in 64 kB, a photo
 * upload in 10 MB, a job change with its two photos in 16 MB. Over the limit: 413
 * too_large naming the limit, before anything is read further or changed.
 */
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const KB = 1024;
const MB = 1024 * KB;

describe("JSON body limits under /api/jobs", () => {
  it("refuses a job create over 64 kB with 413 and creates nothing", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const res = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Plumbing",
      location: "12 Oak St",
      date: "2026-11-25",
      time: "10:30",
      description: "x".repeat(100 * KB),
    });
    expect([res.status, res.body]).toEqual([
      413,
      { message: "Request body must be 64 kB or smaller", code: "too_large" },
    ]);
    expect(await db.select().from(jobs).where(eq(jobs.companyId, company.id))).toHaveLength(0);
  });

  it("keeps the photo routes' own larger limits", async () => {
    const { company, owner, employee } = await buildTenant();
    const job = await buildJob(company.id, employee.id);
    const agent = await agentFor(owner);
    // A megabyte is a photo's size: read, then refused on its content, not its size.
    const change = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ version: job.version, description: "x".repeat(MB) });
    expect(change.status).toBe(400);
    const upload = await agent
      .post(`/api/jobs/${job.id}/photos`)
      .send({ kind: "before", photo: `data:image/jpeg;base64,${"A".repeat(11 * MB)}` });
    expect([upload.status, upload.body]).toEqual([
      413,
      { message: "Request body must be 10 MB or smaller", code: "too_large" },
    ]);
    const changeTooLarge = await agent
      .put(`/api/jobs/${job.id}`)
      .send({ version: job.version, beforePhoto: `data:image/jpeg;base64,${"A".repeat(17 * MB)}` });
    expect([changeTooLarge.status, changeTooLarge.body.message]).toEqual([
      413,
      "Request body must be 16 MB or smaller",
    ]);
  });
});
