/**
 * The calendar feed (docs/settings.md): a linked member gets a secret
 * address of their own jobs; a new one retires the old; the feed is RFC 5545 text with one
 * event per job of theirs from 30 days ago to 90 days ahead, in the company's time zone,
 * and disappears (404) when the member is unlinked or leaves.
 */

import { createHash } from "node:crypto";
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { companySettings, companyUsers } from "@sched/core/db/schema";
import { addDays } from "@sched/core/lib/dates";
import { buildCompany, buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { dateIn } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous } from "./support";

const LINK_FIRST = "Link your account to a roster employee first";
const ZONE = "America/Chicago";
const FEED_URL = new RegExp(
  `^${config.appUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/api/calendar/([A-Za-z0-9_-]{43})\\.ics$`,
);

let tenant: Awaited<ReturnType<typeof buildTenant>>;
let owner: Agent;
let admin: Agent;
let technician: Agent;
let stranger: Agent;
const feedPath = (companyId = tenant.company.id) => `/api/companies/${companyId}/calendar-feed`;

async function link(companyId: string, userId: string, employeeId: string | null) {
  await db
    .update(companyUsers)
    .set({ employeeId })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
}

/** The path of a feed address, for the test app (which does not listen on APP_URL). */
function pathOf(url: string): string {
  expect(url).toMatch(FEED_URL);
  return new URL(url).pathname;
}

async function newFeed(agent: Agent, companyId = tenant.company.id): Promise<string> {
  const res = await agent.post(feedPath(companyId)).send({});
  expect(res.status).toBe(200);
  return pathOf(res.body.url);
}

async function readFeed(path: string): Promise<string> {
  const res = await anonymous().get(path);
  expect(res.status).toBe(200);
  return res.text;
}

/** The feed's events, parsed back with ical.js, with their start as a UTC instant. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      sequence: event.sequence,
      status: vevent.getFirstPropertyValue("status"),
      startUtc: event.startDate.toJSDate().toISOString(),
      minutes: event.duration.toSeconds() / 60,
    };
  });
}

/** The feed's unfolded lines (RFC 5545 folds long lines at 75 octets). */
const linesOf = (text: string) => text.replace(/\r\n[ \t]/g, "").split("\r\n");

beforeAll(async () => {
  tenant = await buildTenant();
  const other = await buildCompany();
  [owner, admin, technician, stranger] = await Promise.all([
    agentFor(tenant.owner),
    agentFor(tenant.admin),
    agentFor(tenant.employeeUser),
    agentFor(other.owner),
  ]);
  await db.insert(companySettings).values({ companyId: tenant.company.id, timeZone: ZONE });
});

describe("POST /api/companies/:companyId/calendar-feed", () => {
  it("answers 409 to a member who is not linked to a roster employee, whatever the role", async () => {
    for (const agent of [owner, admin, technician]) {
      const res = await agent.post(feedPath()).send({});
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: "conflict", message: LINK_FIRST });
    }
  });

  it("answers 401 signed out and 403 outside the company", async () => {
    const signedOut = await anonymous().post(feedPath()).send({});
    expect(signedOut.status).toBe(401);
    const outsider = await stranger.post(feedPath()).send({});
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({
      code: "forbidden",
      message: "You are not a member of this company",
    });
  });

  it("gives a linked member, of any role, a secret address and stores only its SHA-256", async () => {
    const employee = await buildEmployee(tenant.company.id, { name: "Ada Admin", initials: "AA" });
    await link(tenant.company.id, tenant.admin.id, employee.id);
    const res = await admin.post(feedPath()).send({});
    expect(res.status).toBe(200);
    const token = FEED_URL.exec(res.body.url)?.[1] ?? "";
    const [row] = await db
      .select({ hash: companyUsers.calendarTokenHash })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, tenant.company.id), eq(companyUsers.userId, tenant.admin.id)));
    expect(row.hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.hash).not.toContain(token);
  });

  it("stays open to a technician after the company's trial ends: it changes nothing of the company's", async () => {
    const expired = await buildTenant({ trialEndsAt: new Date(Date.now() - 60_000) });
    await link(expired.company.id, expired.employeeUser.id, expired.employee.id);
    await newFeed(await agentFor(expired.employeeUser), expired.company.id);
  });
});

describe("GET /api/calendar/:token.ics", () => {
  it("answers 404 for an unknown or malformed token, with no session needed", async () => {
    for (const path of ["/api/calendar/not-a-token.ics", `/api/calendar/${"A".repeat(43)}.ics`]) {
      const res = await anonymous().get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "not_found", message: "Calendar not found" });
    }
  });

  it("retires the old address when a new one is asked for", async () => {
    await link(tenant.company.id, tenant.employeeUser.id, tenant.employee.id);
    const first = await newFeed(technician);
    await readFeed(first);
    const second = await newFeed(technician);
    expect(second).not.toBe(first);
    expect((await anonymous().get(first)).status).toBe(404);
    await readFeed(second);
  });

  it("shows the member's own jobs from 30 days back to 90 ahead, at their time in the company's zone", async () => {
    const { company, employee } = tenant;
    await link(company.id, tenant.employeeUser.id, employee.id);
    const today = dateIn(new Date(), ZONE);
    const colleague = await buildEmployee(company.id, { name: "Cole League", initials: "CL" });
    const winter = await buildJob(company.id, employee.id, {
      date: addDays(today, 1),
      time: "09:00",
      type: "Repair",
      location: "12 Oak Rd",
      description: "Leaking tap",
      customerPhone: "555 0100",
    });
    const first = await buildJob(company.id, employee.id, { date: addDays(today, -30), time: "07:30" });
    const last = await buildJob(company.id, employee.id, { date: addDays(today, 90), time: "16:00" });
    const cancelled = await buildJob(company.id, employee.id, {
      date: today,
      time: "13:00",
      status: "cancelled",
    });
    const tooOld = await buildJob(company.id, employee.id, { date: addDays(today, -31) });
    const tooFar = await buildJob(company.id, employee.id, { date: addDays(today, 91) });
    const notTheirs = await buildJob(company.id, colleague.id, { date: today });

    const res = await anonymous().get(await newFeed(technician));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["cache-control"]).toContain("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();

    const lines = linesOf(res.text);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain(`X-WR-CALNAME:${company.name} – ${employee.name}`);
    expect(lines).toContain(`TZID:${ZONE}`);
    expect(lines).toContain(`DTSTART;TZID=${ZONE}:${winter.date.replaceAll("-", "")}T090000`);
    expect(lines).toContain(`DTEND;TZID=${ZONE}:${winter.date.replaceAll("-", "")}T100000`);

    const events = eventsOf(res.text);
    const uids = events.map((event) => event.uid);
    expect(uids.sort()).toEqual([winter, first, last, cancelled].map((job) => `${job.id}@scheduler`).sort());
    for (const job of [tooOld, tooFar, notTheirs]) expect(res.text).not.toContain(job.id);

    const shown = events.find((event) => event.uid === `${winter.id}@scheduler`);
    expect(shown).toMatchObject({
      summary: "Repair – 12 Oak Rd",
      location: "12 Oak Rd",
      description: "Leaking tap\nCustomer phone: 555 0100",
      sequence: 1,
      status: "CONFIRMED",
      minutes: 60,
    });
    // 09:00 in Chicago is 14:00 or 15:00 UTC, as daylight saving time has it on that day.
    const offsetHours = chicagoOffsetHours(winter.date);
    expect(shown?.startUtc).toBe(`${winter.date}T${String(9 - offsetHours).padStart(2, "0")}:00:00.000Z`);
    expect(events.find((event) => event.uid === `${cancelled.id}@scheduler`)?.status).toBe("CANCELLED");
  });

  it("keeps each job's UID and raises its SEQUENCE when the job changes, so phones update it", async () => {
    await link(tenant.company.id, tenant.employeeUser.id, tenant.employee.id);
    const job = await buildJob(tenant.company.id, tenant.employee.id, {
      date: dateIn(new Date(), ZONE),
      time: "10:00",
    });
    const path = await newFeed(technician);
    const before = eventsOf(await readFeed(path)).find((event) => event.uid === `${job.id}@scheduler`);
    expect(before?.sequence).toBe(1);

    const moved = await owner.put(`/api/jobs/${job.id}`).send({ time: "11:30" });
    expect(moved.status).toBe(200);
    const text = await readFeed(path);
    const after = eventsOf(text).find((event) => event.uid === `${job.id}@scheduler`);
    expect(after?.sequence).toBe(2);
    expect(linesOf(text)).toContain(`DTSTART;TZID=${ZONE}:${job.date.replaceAll("-", "")}T113000`);
  });

  it("speaks UTC for a company that never set its time zone", async () => {
    const utc = await buildTenant();
    await link(utc.company.id, utc.employeeUser.id, utc.employee.id);
    const job = await buildJob(utc.company.id, utc.employee.id, {
      date: dateIn(new Date(), "UTC"),
      time: "09:00",
    });
    const text = await readFeed(await newFeed(await agentFor(utc.employeeUser), utc.company.id));
    expect(linesOf(text)).toContain(`DTSTART:${job.date.replaceAll("-", "")}T090000Z`);
    expect(text).not.toContain("BEGIN:VTIMEZONE");
  });

  it("answers 404 once the member is unlinked or has left the company", async () => {
    const other = await buildTenant();
    const adminsEmployee = await buildEmployee(other.company.id, { name: "Ari Admin", initials: "AA" });
    await link(other.company.id, other.employeeUser.id, other.employee.id);
    await link(other.company.id, other.admin.id, adminsEmployee.id);
    const unlinkedPath = await newFeed(await agentFor(other.employeeUser), other.company.id);
    const leftPath = await newFeed(await agentFor(other.admin), other.company.id);
    await readFeed(unlinkedPath);
    await readFeed(leftPath);

    await link(other.company.id, other.employeeUser.id, null);
    expect((await anonymous().get(unlinkedPath)).status).toBe(404);

    const companyOwner = await agentFor(other.owner);
    const removed = await companyOwner.delete(`/api/companies/${other.company.id}/users/${other.admin.id}`);
    expect(removed.status).toBe(204);
    expect((await anonymous().get(leftPath)).status).toBe(404);
  });
});

/** Chicago's offset from UTC in hours on `date` (-6 in winter, -5 in summer) at 09:00 local. */
function chicagoOffsetHours(date: string): number {
  const noonUtc = new Date(`${date}T15:00:00Z`);
  const local = new Intl.DateTimeFormat("en-US", {
    timeZone: ZONE,
    hour: "numeric",
    hourCycle: "h23",
  }).format(noonUtc);
  return Number(local) - 15;
}
