/**
 * Two people saving the same job at once (docs/schedule.md): each save runs on the locked
 * row, so saves run one after the other and never mix. completedAt always follows the
 * status, every save counts as exactly one version, and the row ends as the last save left it.
 */
import { updateJob } from "@sched/core/commands/save-job";
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import type { CompanyAccess } from "@sched/core/policies/company-access";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { statementsDuring } from "./statements";
import { type Agent, agentFor } from "./support";

const ROUNDS = 15;

type Save = { status?: "completed" | "in_progress"; paymentStatus?: "paid" | "pending" };

/** Round n sends 2 to 4 saves alternating completed / in progress; the fourth changes the payment only. */
function savesOfRound(round: number): Save[] {
  const size = 2 + (round % 3);
  return Array.from({ length: size }, (_, index) => {
    if (index === 3) return { paymentStatus: round % 2 === 0 ? "paid" : "pending" };
    return { status: (round + index) % 2 === 0 ? "completed" : "in_progress" };
  });
}

async function storedJob(id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

async function tenantWithAgents() {
  const tenant = await buildTenant();
  const job = await buildJob(tenant.company.id, tenant.employee.id, { status: "scheduled" });
  // Four sessions: the office twice and the employee reporting progress.
  const agents: Agent[] = [
    await agentFor(tenant.owner),
    await agentFor(tenant.admin),
    await agentFor(tenant.employeeUser),
    await agentFor(tenant.owner),
  ];
  return { ...tenant, job, agents };
}

describe("concurrent saves of one job", () => {
  it("keep completedAt with the status, count one version each and end as the last save", async () => {
    const { job, agents } = await tenantWithAgents();
    for (let round = 0; round < ROUNDS; round++) {
      const saves = savesOfRound(round);
      const before = await storedJob(job.id);
      const answers = await Promise.all(
        saves.map((save, index) => agents[index].put(`/api/jobs/${job.id}`).send(save)),
      );
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);

      const after = await storedJob(job.id);
      expect(after.status === "completed").toBe(after.completedAt !== null);
      expect(after.version).toBe(before.version + saves.length);
      // Each save saw the row the previous one left: its own version, none shared.
      const bodies: JobDTO[] = answers.map((answer) => answer.body);
      expect(bodies.map((body) => body.version).sort((a, b) => a - b)).toEqual(
        saves.map((_, index) => before.version + index + 1),
      );
      for (const body of bodies) expect(body.status === "completed").toBe(body.completedAt !== null);
      const last = bodies.find((body) => body.version === after.version);
      expect(last).toMatchObject({
        status: after.status,
        paymentStatus: after.paymentStatus,
        completedAt: after.completedAt?.toISOString() ?? null,
      });
      const requested = saves.flatMap((save) => (save.status ? [save.status] : []));
      expect(requested).toContain(after.status);
    }
  });

  it("lets exactly one of several saves from the same version through; the others answer 409 stale", async () => {
    const { job, agents } = await tenantWithAgents();
    const answers = await Promise.all(
      agents.map((agent, index) =>
        agent
          .put(`/api/jobs/${job.id}`)
          .send({ status: index % 2 === 0 ? "completed" : "in_progress", version: job.version }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const saved = answers.find((answer) => answer.status === 200)?.body;
    const after = await storedJob(job.id);
    expect(after.version).toBe(job.version + 1);
    expect(after.status).toBe(saved.status);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toMatchObject({ code: "stale", current: { version: job.version + 1 } });
      expect(refused.body.message).toMatch(
        /^(Olive Owner|Adam admin|Emma employee) changed this job since you opened it\.$/,
      );
      expect(refused.body.current).toEqual(saved);
    }
  });
});

describe("a change of the job's own row, written on the row the route read", () => {
  const ownerOf = (tenant: Awaited<ReturnType<typeof buildTenant>>): CompanyAccess => ({
    companyId: tenant.company.id,
    userId: tenant.owner.id,
    role: "owner",
    isReadOnly: false,
  });

  it("is one compare-and-set when nobody changed the job since", async () => {
    const tenant = await buildTenant();
    const job = await buildJob(tenant.company.id, tenant.employee.id, { status: "scheduled" });
    const seen = await storedJob(job.id);
    const statements = await statementsDuring(() =>
      updateJob(ownerOf(tenant), job.id, { time: "11:30" }, seen.version, { seen }),
    );
    expect(statements.filter((text) => /for update/i.test(text))).toEqual([]);
    const stored = await storedJob(job.id);
    expect([stored.time, stored.version]).toEqual(["11:30", seen.version + 1]);
  });

  it("decides on the row as it is now when someone changed it since: nothing of theirs is lost", async () => {
    const tenant = await buildTenant();
    const job = await buildJob(tenant.company.id, tenant.employee.id, { status: "scheduled" });
    const seen = await storedJob(job.id);
    // Someone completes it between this save's read and its write.
    await updateJob(ownerOf(tenant), job.id, { status: "completed" });
    const saved = await updateJob(
      ownerOf(tenant),
      job.id,
      { description: "Bring the long ladder" },
      undefined,
      {
        seen,
      },
    );
    const stored = await storedJob(job.id);
    expect(stored.status).toBe("completed");
    // Decided on the old row, completedAt would have been cleared with a "scheduled" status.
    expect(stored.completedAt).not.toBeNull();
    expect(stored.description).toBe("Bring the long ladder");
    expect([stored.version, saved.version]).toEqual([seen.version + 2, seen.version + 2]);
  });

  it("answers 409 stale when the version the client named is no longer the job's", async () => {
    const tenant = await buildTenant();
    const job = await buildJob(tenant.company.id, tenant.employee.id, { status: "scheduled" });
    const seen = await storedJob(job.id);
    await updateJob(ownerOf(tenant), job.id, { time: "07:00" });
    await expect(
      updateJob(ownerOf(tenant), job.id, { time: "08:00" }, seen.version, { seen }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await storedJob(job.id)).time).toBe("07:00");
  });
});
