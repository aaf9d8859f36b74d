/**
 * Company settings (docs/settings.md): every member reads them, only the owner changes
 * them, a company that never saved any reads the defaults, and registration starts them
 * with the owner's browser time zone.
 */

import { db } from "@sched/core/db/client";
import { companySettings } from "@sched/core/db/schema";
import { type RealtimePublisher, setPublisher } from "@sched/core/publish";
import { buildCompany, buildTenant, uniqueEmail } from "@sched/core/test/factories";
import {
  DEFAULT_COMPANY_SETTINGS,
  DURATION_INVALID,
  JOB_TYPE_DURATIONS_INVALID,
  TIME_FORMAT_INVALID,
  WORKDAY_ORDER_INVALID,
  WORKING_DAYS_INVALID,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous, app } from "./support";

const TIME_ZONE_INVALID = "Time zone must be an IANA time zone such as America/Chicago";
const COUNTRY_INVALID = "Country must be a two-letter code such as US";
const NOT_A_MEMBER = "You are not a member of this company";
const NO_PERMISSION = "You do not have permission to do that";

/** Every event published while this file runs, in order (no gateway: a recorder stands in). */
const published: { room: string; event: string; payload: unknown }[] = [];
const recorder: RealtimePublisher = {
  emit: (room, event, payload) => published.push({ room, event, payload }),
  changeRooms: () => {},
  disconnect: () => {},
};

let tenant: Awaited<ReturnType<typeof buildTenant>>;
let owner: Agent;
let admin: Agent;
let employee: Agent;
let stranger: Agent;
const settingsPath = () => `/api/companies/${tenant.company.id}/settings`;

beforeAll(async () => {
  setPublisher(recorder);
  tenant = await buildTenant();
  const other = await buildCompany();
  [owner, admin, employee, stranger] = await Promise.all([
    agentFor(tenant.owner),
    agentFor(tenant.admin),
    agentFor(tenant.employeeUser),
    agentFor(other.owner),
  ]);
});

afterAll(() => setPublisher(undefined));

describe("GET /api/companies/:companyId/settings", () => {
  it("reads the defaults for a company that never saved any, to every member", async () => {
    for (const agent of [owner, admin, employee]) {
      const res = await agent.get(settingsPath());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...DEFAULT_COMPANY_SETTINGS, timeZone: "UTC", country: "US" });
    }
  });

  it("answers 401 signed out and 403 to someone outside the company", async () => {
    const signedOut = await anonymous().get(settingsPath());
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.code).toBe("unauthorized");
    const outsider = await stranger.get(settingsPath());
    expect(outsider.status).toBe(403);
    expect(outsider.body).toMatchObject({ code: "forbidden", message: NOT_A_MEMBER });
  });
});

describe("PUT /api/companies/:companyId/settings", () => {
  it("lets the owner change the fields sent, keeps the others, and tells the company", async () => {
    const { company, owner: companyOwnerUser } = await buildCompany();
    const companyOwner = await agentFor(companyOwnerUser);
    const path = `/api/companies/${company.id}/settings`;

    const zone = await companyOwner.put(path).send({ timeZone: "America/Chicago" });
    expect(zone.status).toBe(200);
    expect(zone.body).toEqual({ ...DEFAULT_COMPANY_SETTINGS, timeZone: "America/Chicago", country: "US" });
    expect(published).toContainEqual({
      room: `company:${company.id}`,
      event: "settings.updated",
      payload: {
        ...DEFAULT_COMPANY_SETTINGS,
        companyId: company.id,
        timeZone: "America/Chicago",
        country: "US",
      },
    });

    const country = await companyOwner.put(path).send({ country: "CA" });
    expect(country.body).toEqual({ ...DEFAULT_COMPANY_SETTINGS, timeZone: "America/Chicago", country: "CA" });
    expect((await companyOwner.get(path)).body).toEqual({
      ...DEFAULT_COMPANY_SETTINGS,
      timeZone: "America/Chicago",
      country: "CA",
    });
    const rows = await db.select().from(companySettings).where(eq(companySettings.companyId, company.id));
    expect(rows).toHaveLength(1);
  });

  it("keeps working days sorted and once each, and the workday and job lengths the owner sets", async () => {
    const res = await owner.put(settingsPath()).send({
      workingDays: [6, 1, 2, 2, 7],
      workdayStart: "06:30",
      workdayEnd: "18:00",
      jobTypeDurations: { Installation: 240, Repair: 90 },
      customerNotices: true,
      reminderTime: "16:00",
      weeklyNumbersEmail: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      workingDays: [1, 2, 6, 7],
      workdayStart: "06:30",
      workdayEnd: "18:00",
      jobTypeDurations: { Installation: 240, Repair: 90 },
      customerNotices: true,
      reminderTime: "16:00",
      weeklyNumbersEmail: true,
    });
  });

  it.for([
    [{ workingDays: [0] }, WORKING_DAYS_INVALID],
    [{ workingDays: [8] }, WORKING_DAYS_INVALID],
    [{ workingDays: "Mon" }, WORKING_DAYS_INVALID],
    [{ workdayStart: "19:00", workdayEnd: "07:00" }, WORKDAY_ORDER_INVALID],
    [{ workdayStart: "25:00" }, "Time must be HH:mm"],
    [{ jobTypeDurations: { Repair: 20 } }, DURATION_INVALID],
    [{ jobTypeDurations: { Repair: 900 } }, DURATION_INVALID],
    [{ jobTypeDurations: { Gardening: 60 } }, JOB_TYPE_DURATIONS_INVALID],
    [{ weeklyNumbersEmail: "yes" }, "weeklyNumbersEmail must be true or false"],
  ] as const)("refuses %j with 400 and the field's message", async ([body, message]) => {
    const before = (await owner.get(settingsPath())).body;
    const res = await owner.put(settingsPath()).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", message });
    expect((await owner.get(settingsPath())).body).toEqual(before);
  });

  it("refuses a workday end before the stored start, sent on its own", async () => {
    expect(
      (await owner.put(settingsPath()).send({ workdayStart: "09:00", workdayEnd: "17:00" })).status,
    ).toBe(200);
    const res = await owner.put(settingsPath()).send({ workdayEnd: "08:00" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", message: WORKDAY_ORDER_INVALID });
  });

  it("stores a zone as the time zone database spells it", async () => {
    const res = await owner.put(settingsPath()).send({ timeZone: " europe/berlin " });
    expect(res.status).toBe(200);
    expect(res.body.timeZone).toBe("Europe/Berlin");
  });

  it.for([["Mars/Olympus_Mons"], ["+05:00"], [""], [42]])(
    "refuses the time zone %j with 400",
    async ([timeZone]) => {
      const res = await owner.put(settingsPath()).send({ timeZone });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "validation", message: TIME_ZONE_INVALID });
    },
  );

  it.for([["us"], ["USA"], ["U1"], [1]])("refuses the country %j with 400", async ([country]) => {
    const res = await owner.put(settingsPath()).send({ country });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", message: COUNTRY_INVALID });
  });

  it("keeps the owner's time format, and null gives it back to the country", async () => {
    const chosen = await owner.put(settingsPath()).send({ timeFormat: "24h" });
    expect(chosen.status).toBe(200);
    expect(chosen.body.timeFormat).toBe("24h");
    expect((await employee.get(settingsPath())).body.timeFormat).toBe("24h");
    const cleared = await owner.put(settingsPath()).send({ timeFormat: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.timeFormat).toBeNull();
  });

  it.for([["13h"], ["12"], [12], [""]])("refuses the time format %j with 400", async ([timeFormat]) => {
    const res = await owner.put(settingsPath()).send({ timeFormat });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", message: TIME_FORMAT_INVALID });
    expect(TIME_FORMAT_INVALID).toBe('Time format must be "12h", "24h" or null (the country\'s)');
  });

  it("refuses a time format from a technician (403), outside the company (403) and signed out (401)", async () => {
    const technician = await employee.put(settingsPath()).send({ timeFormat: "24h" });
    expect(technician.status).toBe(403);
    expect(technician.body).toMatchObject({ code: "forbidden", message: NO_PERMISSION });
    expect((await stranger.put(settingsPath()).send({ timeFormat: "24h" })).status).toBe(403);
    expect((await anonymous().put(settingsPath()).send({ timeFormat: "24h" })).status).toBe(401);
  });

  it("is the owner's alone: 403 for an admin and an employee, 403 outside the company, 401 signed out", async () => {
    for (const agent of [admin, employee]) {
      const res = await agent.put(settingsPath()).send({ timeZone: "America/Denver" });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "forbidden", message: NO_PERMISSION });
    }
    const outsider = await stranger.put(settingsPath()).send({ timeZone: "America/Denver" });
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(NOT_A_MEMBER);
    expect((await anonymous().put(settingsPath()).send({ timeZone: "America/Denver" })).status).toBe(401);
    expect((await owner.get(settingsPath())).body.timeZone).not.toBe("America/Denver");
  });

  it("answers 402 after an unpaid trial, like every other change, while reading goes on", async () => {
    const expired = await buildTenant({ trialEndsAt: new Date(Date.now() - 60_000) });
    const expiredOwner = await agentFor(expired.owner);
    const path = `/api/companies/${expired.company.id}/settings`;
    const res = await expiredOwner.put(path).send({ timeZone: "America/Chicago" });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe("payment_required");
    expect((await expiredOwner.get(path)).status).toBe(200);
  });
});

const registration = (extra: object = {}) => ({
  email: uniqueEmail("tz"),
  password: "long-enough-1",
  firstName: "Tia",
  lastName: "Zone",
  companyName: "Zone Heating",
  ...extra,
});

describe("the time zone at registration", () => {
  it("starts the new company's settings with the owner's browser zone", async () => {
    const agent = request.agent(app);
    expect(
      (await agent.post("/api/register").send(registration({ timeZone: "America/Chicago" }))).status,
    ).toBe(201);
    const [company] = (await agent.get("/api/companies")).body;
    const res = await agent.get(`/api/companies/${company.id}/settings`);
    expect(res.body).toEqual({ ...DEFAULT_COMPANY_SETTINGS, timeZone: "America/Chicago", country: "US" });
  });

  it("reads the defaults when the browser sent none", async () => {
    const agent = request.agent(app);
    expect((await agent.post("/api/register").send(registration())).status).toBe(201);
    const [company] = (await agent.get("/api/companies")).body;
    expect((await agent.get(`/api/companies/${company.id}/settings`)).body.timeZone).toBe("UTC");
  });

  it("refuses a zone that is not one with 400 and creates nothing", async () => {
    const body = registration({ timeZone: "Nowhere/Special" });
    const res = await anonymous().post("/api/register").send(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "validation", message: TIME_ZONE_INVALID });
    const again = await anonymous()
      .post("/api/register")
      .send({ ...body, timeZone: undefined });
    expect(again.status).toBe(201);
  });

  it("gives another company made with POST /api/companies the zone it names", async () => {
    const res = await owner
      .post("/api/companies")
      .send({ name: "Second Shop", timeZone: "Pacific/Auckland" });
    expect(res.status).toBe(201);
    const settings = await owner.get(`/api/companies/${res.body.id}/settings`);
    expect(settings.body).toEqual({
      ...DEFAULT_COMPANY_SETTINGS,
      timeZone: "Pacific/Auckland",
      country: "US",
    });
    const bad = await owner.post("/api/companies").send({ name: "Third Shop", timeZone: "Pacific/Nowhere" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(TIME_ZONE_INVALID);
  });
});
