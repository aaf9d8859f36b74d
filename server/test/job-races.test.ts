/**
 * Two people saving the same job at once (docs/schedule.md): each save runs on the locked
 * row, so saves run one after the other and never mix. completedAt always follows the
 * status, every save counts as exactly one version, and the row ends as the last save left it.
 */
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
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
