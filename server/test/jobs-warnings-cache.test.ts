/**
 * The jobs list's warnings with the invalidation channel healthy (docs/schedule.md, "Job
 * lengths and warnings"): a process that knows the company's jobs version answers the
 * ETag it noted at that version, so the settings and employee commands must bump the
 * version for a list whose warnings they change. This file runs against a Redis of its own.
 */
import { isChannelHealthy } from "@sched/core/cache/channel";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import type { JobDTO } from "@sched/shared-types";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { waitFor } from "./outage-support";
import { ownRedisWithCaches } from "./own-redis";
import { agentFor } from "./support";

// Read at import by core's config: REDIS_URL is set before anything below is imported.
const { redisPort, sharedRedisUrl } = await vi.hoisted(async () =>
  (await import("./outage-support")).pointRedisAtFreePort(),
);

ownRedisWithCaches(redisPort, sharedRedisUrl);

beforeAll(async () => {
  await waitFor(async () => isChannelHealthy(), "the invalidation channel");
});

const weekUrl = (companyId: string) =>
  `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`;
const codes = (res: { body: JobDTO[] }) => res.body.map((job) => job.warnings.map((w) => w.code));

describe("with the jobs version known", () => {
  it("changes the ETag and the warnings when the working days or an employee's state change", async () => {
    const { company, owner, employee } = await buildTenant();
    await buildJob(company.id, employee.id, { date: "2026-11-29", time: "09:00" });
    const agent = await agentFor(owner);
    const first = await agent.get(weekUrl(company.id));
    expect(codes(first)).toEqual([["non_working_day"]]);
    // The version is noted: an unchanged list answers 304 from memory.
    expect((await agent.get(weekUrl(company.id)).set("If-None-Match", first.headers.etag)).status).toBe(304);

    await agent.put(`/api/companies/${company.id}/settings`).send({ workingDays: [1, 2, 3, 4, 5, 6, 7] });
    const sundays = await agent.get(weekUrl(company.id)).set("If-None-Match", first.headers.etag);
    expect(sundays.status).toBe(200);
    expect(codes(sundays)).toEqual([[]]);

    await agent.put(`/api/employees/${employee.id}`).send({ isActive: false });
    const inactive = await agent.get(weekUrl(company.id)).set("If-None-Match", sundays.headers.etag);
    expect(inactive.status).toBe(200);
    expect(codes(inactive)).toEqual([["inactive_employee"]]);

    await agent.put(`/api/employees/${employee.id}`).send({ isActive: true });
    const active = await agent.get(weekUrl(company.id)).set("If-None-Match", inactive.headers.etag);
    expect(active.status).toBe(200);
    expect(codes(active)).toEqual([[]]);
    expect((await agent.get(weekUrl(company.id)).set("If-None-Match", active.headers.etag)).status).toBe(304);
  });
});
