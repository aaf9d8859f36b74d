/**
 * An approved quote's "Choose a time" (docs/quotes.md): the windows the booking page offers
 * for the quote's job, the pick that books it (the board hears a job move), the last place
 * taken by two customers at once, the states that refuse it, a link that opens only its
 * own quote's job, and a company without online booking.
 */
import { db } from "@sched/core/db/client";
import { jobs, quotes } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { type JobDTO, QUOTE_NOT_FOUND, QUOTE_WINDOW_MESSAGES } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshIp, openBookingPage, weekdayAfter } from "./booking-support";
import { storedQuote } from "./quote-routes";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { anonymous } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

const DAY = weekdayAfter(4);

/** One technician and one 08–10 window for a 4-hour Repair: each day has one place. */
async function onePlace() {
  const tenant = await buildTenant();
  await openBookingPage(tenant.company.id, {
    windows: [{ start: "08:00", end: "10:00" }],
    services: [{ jobType: "Repair", durationMinutes: 240, requiredSkills: [] }],
  });
  return tenant;
}

/** A sent quote of the company, approved on its page: its job waits in the tray. */
async function approvedQuote(companyId: string) {
  const stored = await storedQuote(companyId);
  const res = await anonymous()
    .post(`/api/public/quotes/${stored.token}/approve`)
    .set("X-Forwarded-For", freshIp())
    .send({ option: stored.option.id, name: "Quinn Quote" });
  expect(res.status).toBe(200);
  const [job] = await db.select().from(jobs).where(eq(jobs.quoteId, stored.quote.id));
  return { ...stored, job };
}

const windowsOf = (token: string, query: Record<string, string> = {}) =>
  anonymous().get(`/api/public/quotes/${token}/windows`).query(query);

const pick = (token: string, body: object) =>
  anonymous().post(`/api/public/quotes/${token}/window`).set("X-Forwarded-For", freshIp()).send(body);

const jobOf = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("choosing a time for an approved quote", () => {
  it("offers the booking page's windows and books the job into one; the board hears it", async () => {
    const { company, owner, employee } = await onePlace();
    const { token, job } = await approvedQuote(company.id);
    expect(job).toMatchObject({ date: null, employeeId: null });

    const offered = await windowsOf(token, { from: DAY, days: "1" });
    expect(offered.status).toBe(200);
    expect(offered.body).toEqual({
      offered: true,
      horizonDays: 14,
      scheduled: null,
      windows: [{ date: DAY, start: "08:00", end: "10:00" }],
    });

    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const heard = nextEvent<JobDTO>(socket, "job.updated");
    const booked = await pick(token, { date: DAY, start: "08:00" });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({
      offered: false,
      scheduled: { date: DAY, start: "08:00", end: "10:00" },
    });
    expect(await heard).toMatchObject({ id: job.id, date: DAY, employeeId: employee.id });
    socket.disconnect();

    expect(await jobOf(job.id)).toMatchObject({
      employeeId: employee.id,
      date: DAY,
      time: "08:00",
      arrivalWindow: { start: "08:00", end: "10:00" },
      durationMinutes: 240,
      quoteId: job.quoteId,
      version: job.version + 1,
    });
    // Read again: the time it has; a second pick is refused.
    expect((await windowsOf(token)).body).toMatchObject({ offered: false, scheduled: { date: DAY } });
    const again = await pick(token, { date: DAY, start: "08:00" });
    expect([again.status, again.body.code]).toEqual([409, "already_scheduled"]);
  });

  it("gives the last place to one of two customers; the other gets 409 window_taken and fresh windows", async () => {
    const { company } = await onePlace();
    const first = await approvedQuote(company.id);
    const second = await approvedQuote(company.id);
    const answers = await Promise.all([
      pick(first.token, { date: DAY, start: "08:00" }),
      pick(second.token, { date: DAY, start: "08:00" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409);
    expect(lost?.body).toMatchObject({
      code: "window_taken",
      message: "That window was just taken: pick another",
    });
    expect(lost?.body.windows).toEqual(expect.any(Array));
    expect(lost?.body.windows).not.toContainEqual({ date: DAY, start: "08:00", end: "10:00" });
    const rows = await Promise.all([jobOf(first.job.id), jobOf(second.job.id)]);
    expect(rows.filter((row) => row.date === DAY)).toHaveLength(1);
    expect(rows.filter((row) => row.date === null)).toHaveLength(1);
  });

  it("refuses an open, declined or unknown quote, a job the office scheduled, and a start that is no window", async () => {
    const { company, employee } = await onePlace();
    const open = await storedQuote(company.id);
    for (const res of [await windowsOf(open.token), await pick(open.token, { date: DAY, start: "08:00" })]) {
      expect([res.status, res.body.message]).toEqual([409, QUOTE_WINDOW_MESSAGES.notApproved]);
    }
    await db.update(quotes).set({ status: "declined" }).where(eq(quotes.id, open.quote.id));
    expect((await pick(open.token, { date: DAY, start: "08:00" })).status).toBe(409);
    const draft = await storedQuote(company.id, "draft");
    const missing = await windowsOf(draft.token);
    expect([missing.status, missing.body.message]).toEqual([404, QUOTE_NOT_FOUND]);
    expect((await pick("not-a-token", { date: DAY, start: "08:00" })).status).toBe(404);

    const { token, job } = await approvedQuote(company.id);
    const notAWindow = await pick(token, { date: DAY, start: "09:00" });
    expect([notAWindow.status, notAWindow.body.code]).toEqual([400, "validation"]);
    // The office put it on the board first.
    await db
      .update(jobs)
      .set({ employeeId: employee.id, date: DAY, time: "13:00" })
      .where(eq(jobs.id, job.id));
    const taken = await pick(token, { date: DAY, start: "08:00" });
    expect([taken.status, taken.body.code]).toEqual([409, "already_scheduled"]);
    expect((await jobOf(job.id)).time).toBe("13:00");
    expect((await windowsOf(token)).body).toMatchObject({
      offered: false,
      scheduled: { date: DAY, start: "13:00", end: "14:00" },
    });
  });

  it("moves only the job of the quote whose link it is, in its own company", async () => {
    const { company } = await onePlace();
    const mine = await approvedQuote(company.id);
    const other = await approvedQuote(company.id);
    const elsewhere = await onePlace();
    const foreign = await approvedQuote(elsewhere.company.id);

    expect((await pick(other.token, { date: DAY, start: "08:00" })).status).toBe(200);
    expect((await pick(foreign.token, { date: DAY, start: "08:00" })).status).toBe(200);
    expect(await jobOf(mine.job.id)).toMatchObject({ date: null, employeeId: null });
    expect((await jobOf(foreign.job.id)).employeeId).toBe(elsewhere.employee.id);
    // Another quote's signature on this quote's id is a forged link.
    const forged = `${mine.quote.id}.${other.token.split(".")[1]}`;
    expect((await pick(forged, { date: DAY, start: "08:00" })).status).toBe(404);
    expect(await jobOf(mine.job.id)).toMatchObject({ date: null, employeeId: null });
  });

  it("says a time cannot be chosen without online booking, or for a type it does not offer; the job stays in the tray", async () => {
    const { company } = await buildTenant();
    const { token, job } = await approvedQuote(company.id);
    const off = await windowsOf(token);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ offered: false, horizonDays: 0, scheduled: null, windows: [] });
    const refused = await pick(token, { date: DAY, start: "08:00" });
    expect([refused.status, refused.body.message]).toEqual([409, QUOTE_WINDOW_MESSAGES.bookingOff]);
    expect(await jobOf(job.id)).toMatchObject({ date: null, employeeId: null });

    await openBookingPage(company.id, {
      services: [{ jobType: "Installation", durationMinutes: 120, requiredSkills: [] }],
    });
    expect((await windowsOf(token)).body).toMatchObject({ offered: false, windows: [] });
  });
});
