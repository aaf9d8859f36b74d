/**
 * Visit links and the visit page's answer (docs/visits.md): one link per job until revoked,
 * forged, revoked and expired links are the same 404, a link never opens another company's
 * anything, and the answer holds only what the visit's customer may read.
 */
import { sweepDeletedJobs } from "@sched/core/commands/restore-job";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { bookings, deletedJobs, jobs, visitLinks } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { visitLink } from "@sched/core/visits/visit-link";
import { visitToken } from "@sched/core/visits/visit-token";
import { addDays, toDateString, VISIT_LINK_NOT_VALID } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";
import { buildVisitTenant, tokenOf } from "./visit-support";

const open = (token: string) => anonymous().get(`/api/public/visits/${token}`);

const expectInvalid = async (token: string) => {
  const res = await open(token);
  expect([res.status, res.body.message, res.body.code]).toEqual([404, VISIT_LINK_NOT_VALID, "not_found"]);
};

describe("visitLink", () => {
  it("gives the same absolute link on every call, made once", async () => {
    const { company, job, url } = await buildVisitTenant();
    expect(url.startsWith(`${config.appUrl}/visit/`)).toBe(true);
    const again = await Promise.all([visitLink(db, job), visitLink(db, job), visitLink(db, job)]);
    expect(new Set(again)).toEqual(new Set([url]));
    const rows = await db.select().from(visitLinks).where(eq(visitLinks.jobId, job.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].companyId).toBe(company.id);
    // 30 days after the visit's day.
    expect(rows[0].expiresAt.toISOString()).toBe(`${addDays(job.date, 31)}T00:00:00.000Z`);
  });
});

describe("GET /api/public/visits/:token", () => {
  it("answers the visit with the technician's first name and the company's phone, nothing more", async () => {
    const { company, employee, job, token, date } = await buildVisitTenant();
    // Another customer's job the same day, for the same technician.
    await buildJob(company.id, employee.id, {
      date,
      time: "13:00",
      location: "99 Secret Ave",
      customerPhone: "+13125550177",
      customerEmail: "other@customer.test",
    });
    const res = await open(token);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.body).toEqual({
      company: { name: company.name, phone: "+13125550100" },
      date: job.date,
      window: { start: "08:00", end: "10:00" },
      time: "08:00",
      technicianFirstName: "Pat",
      status: "booked",
      arrivalEstimateAt: null,
      service: "Repair",
      address: "12 Elm St",
      canChange: true,
      cutoffAt: new Date(`${addDays(job.date, -1)}T08:00:00Z`).toISOString(),
      notes: [],
      declineMessage: null,
    });
    const text = JSON.stringify(res.body);
    for (const secret of [
      "Plumber",
      "+13125550111",
      "pat@plumbers.test",
      "Carla",
      "+13125550199",
      "carla@customer.test",
      "99 Secret Ave",
      "+13125550177",
      "other@customer.test",
      employee.id,
      company.id,
      job.id,
    ]) {
      expect(text).not.toContain(secret);
    }
    // An ETag: the page's poll is a 304 while nothing changed.
    const etag = res.headers.etag;
    expect(etag).toEqual(expect.any(String));
    await anonymous().get(`/api/public/visits/${token}`).set("If-None-Match", etag).expect(304);
    await db.update(jobs).set({ onMyWayAt: new Date() }).where(eq(jobs.id, job.id));
    await anonymous().get(`/api/public/visits/${token}`).set("If-None-Match", etag).expect(200);
  });

  it("is one 404 for a malformed, forged, unknown, revoked or expired link", async () => {
    const { company, employee, token, job } = await buildVisitTenant();
    const [linkId, signature] = token.split(".");
    await expectInvalid("nonsense");
    await expectInvalid(linkId);
    await expectInvalid(`${linkId}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`);
    // Signed by the server, but for a link that does not exist.
    await expectInvalid(visitToken("00000000-0000-4000-8000-000000000000"));
    // Another link's signature on this id.
    const other = await buildJob(company.id, employee.id, { date: job.date, time: "15:00" });
    const otherToken = tokenOf(await visitLink(db, other));
    await expectInvalid(`${linkId}.${otherToken.split(".")[1]}`);

    // Expired: 30 days after the visit's day, whatever the stored expiry says.
    const past = await buildJob(company.id, employee.id, { date: addDays(toDateString(new Date()), -31) });
    await expectInvalid(tokenOf(await visitLink(db, past)));
    const recent = await buildJob(company.id, employee.id, { date: addDays(toDateString(new Date()), -29) });
    expect((await open(tokenOf(await visitLink(db, recent)))).body.status).toBe("booked");
    // A job moved later keeps its link working: the expiry follows the job's date.
    const moved = await buildJob(company.id, employee.id, { date: addDays(toDateString(new Date()), -40) });
    const movedToken = tokenOf(await visitLink(db, moved));
    await expectInvalid(movedToken);
    await db.update(jobs).set({ date: job.date }).where(eq(jobs.id, moved.id));
    expect((await open(movedToken)).status).toBe(200);
  });

  it("never opens another company's job, even through a link row naming it", async () => {
    const { job } = await buildVisitTenant();
    const other = await buildTenant();
    // A link row of the other company pointing at this company's job: it opens nothing.
    const [row] = await db
      .insert(visitLinks)
      .values({ companyId: other.company.id, jobId: job.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    await expectInvalid(visitToken(row.id));
  });

  it("follows the job: on the way with its estimate, working, done, cancelled, deleted, requested", async () => {
    const { company, owner, job, token } = await buildVisitTenant();
    const eta = new Date(Date.now() + 20 * 60_000);
    await db.update(jobs).set({ onMyWayAt: new Date(), arrivalEstimateAt: eta }).where(eq(jobs.id, job.id));
    expect((await open(token)).body).toMatchObject({
      status: "on_the_way",
      arrivalEstimateAt: eta.toISOString(),
      canChange: false,
    });
    await db.update(jobs).set({ status: "in_progress", arrivalEstimateAt: null }).where(eq(jobs.id, job.id));
    expect((await open(token)).body).toMatchObject({ status: "working", arrivalEstimateAt: null });
    await db.update(jobs).set({ status: "completed", completedAt: new Date() }).where(eq(jobs.id, job.id));
    expect((await open(token)).body.status).toBe("done");
    await db.update(jobs).set({ status: "cancelled", completedAt: null }).where(eq(jobs.id, job.id));
    expect((await open(token)).body).toMatchObject({ status: "cancelled", technicianFirstName: null });

    // Deleted from the board: cancelled while the bin keeps it.
    await db.update(jobs).set({ status: "scheduled", onMyWayAt: null }).where(eq(jobs.id, job.id));
    await (await agentFor(owner)).delete(`/api/jobs/${job.id}`).expect(204);
    expect((await open(token)).body).toMatchObject({ status: "cancelled", canChange: false, date: job.date });
    // Once the bin lets it go, the link opens nothing and is gone with the customer's notes.
    // Only this bin entry is aged: other files' entries stay in the shared database.
    await db
      .update(deletedJobs)
      .set({ deletedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(deletedJobs.id, job.id));
    await sweepDeletedJobs();
    await expectInvalid(token);
    expect(await db.select().from(visitLinks).where(eq(visitLinks.jobId, job.id))).toEqual([]);

    // A request waiting for the office: its requested day and window, no technician yet.
    const [waiting] = await db
      .insert(jobs)
      .values({ companyId: company.id, type: "Repair", location: "5 Oak St", source: "online" })
      .returning();
    await db.insert(bookings).values({
      companyId: company.id,
      jobId: waiting.id,
      service: "Repair",
      durationMinutes: 60,
      address: "5 Oak St",
      requestedDate: job.date,
      windowStart: "13:00",
      windowEnd: "15:00",
      name: "Rita Request",
      phone: "+13125550123",
      status: "requested",
    });
    const requested = await open(tokenOf(await visitLink(db, waiting)));
    expect(requested.body).toMatchObject({
      status: "requested",
      date: job.date,
      window: { start: "13:00", end: "15:00" },
      time: null,
      technicianFirstName: null,
      canChange: true,
      declineMessage: null,
    });
    expect(JSON.stringify(requested.body)).not.toContain("Rita");
  });
});

describe("POST /api/jobs/:id/visit-link/revoke", () => {
  it("is the office's: 401 signed out, 403 for an employee, 404 for another company's job", async () => {
    const { job, employeeUser } = await buildVisitTenant();
    const other = await buildTenant();
    await anonymous().post(`/api/jobs/${job.id}/visit-link/revoke`).expect(401);
    const employee = await (await agentFor(employeeUser)).post(`/api/jobs/${job.id}/visit-link/revoke`);
    expect(employee.status).toBe(403);
    const foreign = await (await agentFor(other.owner)).post(`/api/jobs/${job.id}/visit-link/revoke`);
    expect([foreign.status, foreign.body.message]).toEqual([404, "Job not found"]);
  });

  it("stops the link: it answers 404 and the next message carries a new one", async () => {
    const { job, owner, admin, token, url } = await buildVisitTenant();
    const revoked = await (await agentFor(admin)).post(`/api/jobs/${job.id}/visit-link/revoke`);
    expect([revoked.status, revoked.body]).toEqual([200, { revoked: true }]);
    await expectInvalid(token);
    const next = await visitLink(db, job);
    expect(next).not.toBe(url);
    expect((await open(tokenOf(next))).status).toBe(200);
    await expectInvalid(token);
    // Owners too; a second revoke with no message sent since has nothing to stop.
    const again = await (await agentFor(owner)).post(`/api/jobs/${job.id}/visit-link/revoke`);
    expect(again.body).toEqual({ revoked: true });
    const nothing = await (await agentFor(owner)).post(`/api/jobs/${job.id}/visit-link/revoke`);
    expect(nothing.body).toEqual({ revoked: false });
  });
});
