/**
 * What a customer changes on the visit page (docs/visits.md): cancel and reschedule until the
 * company's cutoff, rescheduling only into a window a technician can still make (the old one
 * freed, the last place taken once), notes with their limits, and the office and My Day
 * told at once.
 */
import { offeredWindows } from "@sched/core/booking/windows";
import { db } from "@sched/core/db/client";
import { bookingSettings, bookings, jobs } from "@sched/core/db/schema";
import { buildJob, buildTenant } from "@sched/core/test/factories";
import { visitLink } from "@sched/core/visits/visit-link";
import {
  addDays,
  isoWeekday,
  type JobDTO,
  VISIT_NOT_CHANGEABLE,
  VISIT_NOTE_TEXT_TOO_LONG,
  VISIT_NOTES_FULL,
  VISIT_NOTES_PER_VISIT,
  VISIT_WINDOW_NOT_OFFERED,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor, anonymous } from "./support";
import { buildVisitTenant, PLACE, tokenOf } from "./visit-support";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
const pngDataUrl = `data:image/png;base64,${PNG.toString("base64")}`;
const CUTOFF = "Changes close 24 hours before the visit: please call us";

/** From an address of its own each time: the per-network limit is tested on its own below. */
const post = (token: string, what: string, body: object = {}, from = randomAddress()) =>
  anonymous().post(`/api/public/visits/${token}/${what}`).set("X-Forwarded-For", from).send(body);
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
const jobRow = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("POST /api/public/visits/:token/cancel", () => {
  it("cancels the job, grows its version and tells the board at once", async () => {
    const { job, owner, token } = await buildVisitTenant();
    const office = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const updated = nextEvent<JobDTO>(office, "job.updated");
    const res = await post(token, "cancel");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", canChange: false });
    const event = await updated;
    expect(event).toMatchObject({ id: job.id, status: "cancelled", version: job.version + 1 });
    expect((await jobRow(job.id)).status).toBe("cancelled");
    // Nothing left to change.
    const again = await post(token, "cancel");
    expect([again.status, again.body.message]).toEqual([409, VISIT_NOT_CHANGEABLE]);
    office.close();
  });

  it("closes at the company's cutoff: 24 hours by default, its own hours when set", async () => {
    const { company, employee, job, token } = await buildVisitTenant();
    const soon = new Date(Date.now() + 3 * 3_600_000);
    const date = soon.toISOString().slice(0, 10);
    const time = soon.toISOString().slice(11, 16);
    await db.update(jobs).set({ date, time, arrivalWindow: null }).where(eq(jobs.id, job.id));
    const visit = await anonymous().get(`/api/public/visits/${token}`);
    expect(visit.body.canChange).toBe(false);
    for (const what of ["cancel", "reschedule"]) {
      const body = what === "reschedule" ? { date: addDays(date, 3), start: "10:00" } : {};
      const res = await post(token, what, body);
      expect([res.status, res.body.message]).toEqual([409, CUTOFF]);
    }
    expect((await jobRow(job.id)).status).toBe("scheduled");
    // A company that allows changes until 2 hours before.
    await db.update(bookingSettings).set({ cutoffHours: 2 }).where(eq(bookingSettings.companyId, company.id));
    expect((await anonymous().get(`/api/public/visits/${token}`)).body.canChange).toBe(true);
    expect((await post(token, "cancel")).body.status).toBe("cancelled");
    // Started work cannot be cancelled from the page.
    const started = await buildJob(company.id, employee.id, {
      status: "in_progress",
      date: addDays(date, 5),
    });
    const startedToken = tokenOf(await visitLink(db, started));
    const refused = await post(startedToken, "cancel");
    expect([refused.status, refused.body.message]).toEqual([409, VISIT_NOT_CHANGEABLE]);
  });
});

describe("POST /api/public/visits/:token/reschedule", () => {
  it("moves the job into an offered window, frees the old one and tells My Day", async () => {
    const { company, employee, employeeUser, job, token, date } = await buildVisitTenant();
    // Three hours: the 8-10 window has no room for another visit while the job is there.
    await db.update(jobs).set({ durationMinutes: 180 }).where(eq(jobs.id, job.id));
    const need = { jobType: "Repair", durationMinutes: 60, requiredSkills: [] };
    const windowsOn = async (day: string) =>
      (
        await offeredWindows(db, { companyId: company.id, service: need, place: null, from: day, days: 1 })
      ).map((window) => window.start);
    expect(await windowsOn(date)).not.toContain("08:00");

    const technician = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(employeeUser) });
    const updated = nextEvent<JobDTO>(technician, "job.updated");
    const next = nextWorkingDay(date);
    const res = await post(token, "reschedule", { date: next, start: "10:00" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: next, window: { start: "10:00", end: "12:00" }, time: "10:00" });
    const moved = await jobRow(job.id);
    expect(moved).toMatchObject({
      date: next,
      time: "10:00",
      employeeId: employee.id,
      arrivalWindow: { start: "10:00", end: "12:00" },
      version: job.version + 1,
    });
    expect(await updated).toMatchObject({ id: job.id, date: next, time: "10:00" });
    expect(await windowsOn(date)).toContain("08:00");
    technician.close();
  });

  it("refuses a window that is no window (400) and one taken meanwhile (409 window_taken)", async () => {
    const { company, employee, token, date } = await buildVisitTenant();
    const notAWindow = await post(token, "reschedule", { date, start: "09:15" });
    expect([notAWindow.status, notAWindow.body.message]).toEqual([400, VISIT_WINDOW_NOT_OFFERED]);
    const next = nextWorkingDay(date);
    // The only technician is busy through the 10-12 window.
    await buildJob(company.id, employee.id, { date: next, time: "09:00", durationMinutes: 270, ...PLACE });
    const taken = await post(token, "reschedule", { date: next, start: "10:00" });
    expect([taken.status, taken.body.code]).toEqual([409, "window_taken"]);
  });

  it("gives the last place of a window to one of two customers", async () => {
    const { company, employee, token, date } = await buildVisitTenant();
    const second = await buildJob(company.id, employee.id, {
      date,
      time: "13:00",
      durationMinutes: 180,
      ...PLACE,
    });
    await db.update(jobs).set({ durationMinutes: 180 }).where(eq(jobs.companyId, company.id));
    const secondToken = tokenOf(await visitLink(db, second));
    const next = nextWorkingDay(date);
    const answers = await Promise.all([
      post(token, "reschedule", { date: next, start: "10:00" }),
      post(secondToken, "reschedule", { date: next, start: "10:00" }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.status === 409)?.body.code).toBe("window_taken");
    const onNext = await db.select().from(jobs).where(eq(jobs.date, next));
    expect(onNext.filter((row) => row.companyId === company.id)).toHaveLength(1);
  });
});

describe("a request still waiting for the office", () => {
  it("moves its requested day and window, then cancels with its booking", async () => {
    const { company, date } = await buildVisitTenant();
    const [waiting] = await db
      .insert(jobs)
      .values({ companyId: company.id, type: "Repair", location: "5 Oak St", source: "online", ...PLACE })
      .returning();
    await db.insert(bookings).values({
      companyId: company.id,
      jobId: waiting.id,
      service: "Repair",
      durationMinutes: 60,
      address: "5 Oak St",
      requestedDate: date,
      windowStart: "13:00",
      windowEnd: "15:00",
      name: "Rita Request",
      phone: "+13125550123",
      status: "requested",
    });
    const token = tokenOf(await visitLink(db, waiting));
    const next = nextWorkingDay(date);
    const moved = await post(token, "reschedule", { date: next, start: "08:00" });
    expect(moved.body).toMatchObject({
      status: "requested",
      date: next,
      window: { start: "08:00", end: "10:00" },
    });
    const [request] = await db.select().from(bookings).where(eq(bookings.jobId, waiting.id));
    expect(request).toMatchObject({
      requestedDate: next,
      windowStart: "08:00",
      suggestedTime: "08:00",
      version: 2,
    });
    // Still the office's to place: the job stays in the tray.
    expect(await jobRow(waiting.id)).toMatchObject({ date: null, employeeId: null });

    const cancelled = await post(token, "cancel");
    expect(cancelled.body.status).toBe("cancelled");
    const [after] = await db.select().from(bookings).where(eq(bookings.jobId, waiting.id));
    expect([after.status, after.version]).toEqual(["cancelled", 3]);
  });
});

describe("POST /api/public/visits/:token/notes", () => {
  it("keeps a note with a photo for the technician and the office, read-only", async () => {
    const { job, owner, employeeUser, token } = await buildVisitTenant();
    const other = await buildTenant();
    const res = await post(token, "notes", { text: "  The gate code is 1234  ", photo: pngDataUrl });
    expect(res.status).toBe(201);
    expect(res.body.notes).toEqual([
      { text: "The gate code is 1234", createdAt: expect.any(String), photoUrl: expect.any(String) },
    ]);
    const photo = await anonymous().get(res.body.notes[0].photoUrl);
    expect([photo.status, photo.headers["content-type"]]).toEqual([200, "image/png"]);
    expect(Buffer.compare(photo.body, PNG)).toBe(0);

    for (const user of [owner, employeeUser]) {
      const notes = await (await agentFor(user)).get(`/api/jobs/${job.id}/visit-notes`);
      expect(notes.body).toEqual([
        {
          id: expect.any(String),
          text: "The gate code is 1234",
          createdAt: res.body.notes[0].createdAt,
          photoUrl: `/api/jobs/${job.id}/visit-notes/${notes.body[0].id}/photo`,
        },
      ]);
      const bytes = await (await agentFor(user)).get(notes.body[0].photoUrl);
      expect(bytes.status).toBe(200);
    }
    const foreign = await (await agentFor(other.owner)).get(`/api/jobs/${job.id}/visit-notes`);
    expect(foreign.status).toBe(404);
    await anonymous().get(`/api/jobs/${job.id}/visit-notes`).expect(401);
  });

  it("refuses an empty or long note, a bad photo, and an eleventh note", async () => {
    const { token, job, company, employee } = await buildVisitTenant();
    const empty = await post(token, "notes", { text: "   " });
    expect([empty.status, empty.body.message]).toEqual([400, "Write a note"]);
    const long = await post(token, "notes", { text: "x".repeat(1001) });
    expect([long.status, long.body.message]).toEqual([400, VISIT_NOTE_TEXT_TOO_LONG]);
    const notImage = await post(token, "notes", { text: "hi", photo: "data:image/png;base64,aGVsbG8=" });
    expect([notImage.status, notImage.body.message]).toEqual([
      400,
      "Photo must be a JPEG, PNG or WebP image",
    ]);
    expect((await post(token, "notes", { text: "x".repeat(1000) })).status).toBe(201);
    for (let i = 1; i < VISIT_NOTES_PER_VISIT; i += 1) {
      expect((await post(token, "notes", { text: `note ${i}` })).status).toBe(201);
    }
    const full = await post(token, "notes", { text: "one more" });
    expect([full.status, full.body.message]).toEqual([409, VISIT_NOTES_FULL]);
    // A note's photo is read only through its own visit's link.
    const other = await buildJob(company.id, employee.id, { date: job.date, time: "15:00" });
    const otherToken = tokenOf(await visitLink(db, other));
    const withPhoto = await post(otherToken, "notes", { text: "photo", photo: pngDataUrl });
    const photoPath: string = withPhoto.body.notes[0].photoUrl;
    const borrowed = photoPath.replace(otherToken, token);
    expect((await anonymous().get(borrowed)).status).toBe(404);
  });
});

/** The next Monday to Saturday after `date`. */
function nextWorkingDay(date: string): string {
  let next = addDays(date, 1);
  while (isoWeekday(next) === 7) next = addDays(next, 1);
  return next;
}

describe("the visit page's limit", () => {
  it("takes 30 changes an hour from one network, then answers 429", async () => {
    const { token } = await buildVisitTenant();
    const network = randomAddress();
    for (let i = 0; i < 30; i += 1) {
      expect((await post(token, "notes", { text: `n${i}` }, network)).status).not.toBe(429);
    }
    const refused = await post(token, "cancel", {}, network);
    expect([refused.status, refused.body.code]).toEqual([429, "rate_limited"]);
    expect(refused.headers["retry-after"]).toEqual(expect.any(String));
    // Another network is not held back.
    expect((await post(token, "cancel")).body.status).toBe("cancelled");
  });
});
