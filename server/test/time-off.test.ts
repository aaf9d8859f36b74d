/**
 * Time off (docs/time-off.md): POST, PUT, DELETE and GET /api/time-off. A technician asks
 * for their own linked employee (pending) and sees colleagues' approved days without why;
 * the office enters anyone's (approved at once), decides requests on the version it saw,
 * and removes any. Every change reaches the company's sockets as who, never why; the bell
 * tells the office of a request and the requester of the decision.
 */
import { db } from "@sched/core/db/client";
import { timeOff } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import {
  TIME_OFF_END_BEFORE_START,
  TIME_OFF_END_TIME_AFTER_START,
  TIME_OFF_IN_THE_PAST,
  TIME_OFF_LIST_RANGE,
  TIME_OFF_NOT_FOUND,
  TIME_OFF_NOT_LINKED,
  TIME_OFF_NOT_PENDING,
  TIME_OFF_ONLY_OWN,
  TIME_OFF_PART_DAY_ONE_DAY,
  TIME_OFF_TIMES_TOGETHER,
  type TimeOffDTO,
  type TimeOffSignal,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bellOf, buildCrew, flush, linkMember } from "./notification-support";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { type Agent, agentFor, anonymous } from "./support";

const MON = "2030-06-03";
const FRI = "2030-06-07";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

type Crew = Awaited<ReturnType<typeof buildCrew>>;

async function agentsOf(crew: Crew) {
  const [owner, admin, pat, sam] = await Promise.all([
    agentFor(crew.owner),
    agentFor(crew.admin),
    agentFor(crew.pat),
    agentFor(crew.sam),
  ]);
  return { owner, admin, pat, sam };
}

const ask = (agent: Agent, body: object) => agent.post("/api/time-off").send(body);

const rowOf = async (id: string) => (await db.select().from(timeOff).where(eq(timeOff.id, id)))[0];

describe("POST /api/time-off", () => {
  let crew: Crew;
  let agents: Awaited<ReturnType<typeof agentsOf>>;
  beforeAll(async () => {
    crew = await buildCrew();
    agents = await agentsOf(crew);
  });

  it("answers 401 signed out and 403 outside the company", async () => {
    const body = { companyId: crew.company.id, startDate: MON, endDate: MON, kind: "vacation" };
    expect((await anonymous().post("/api/time-off").send(body)).status).toBe(401);
    const other = await buildTenant();
    const stranger = await agentFor(other.owner);
    expect((await ask(stranger, body)).status).toBe(403);
  });

  it("makes a technician's own request pending, for their linked employee", async () => {
    const res = await ask(agents.pat, {
      companyId: crew.company.id,
      startDate: MON,
      endDate: FRI,
      kind: "vacation",
      note: "Family trip",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      employeeId: crew.employee.id,
      startDate: MON,
      endDate: FRI,
      startTime: null,
      endTime: null,
      kind: "vacation",
      note: "Family trip",
      status: "pending",
      requestedBy: crew.pat.id,
      decidedBy: null,
      decidedAt: null,
      version: 1,
    });
  });

  it("refuses a technician another employee (403) and an unlinked member (403 saying so)", async () => {
    const other = await ask(agents.pat, {
      companyId: crew.company.id,
      employeeId: crew.samEmployee.id,
      startDate: MON,
      endDate: MON,
      kind: "personal",
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(TIME_OFF_ONLY_OWN);
    const tenant = await buildTenant();
    const unlinked = await agentFor(tenant.employeeUser);
    const res = await ask(unlinked, {
      companyId: tenant.company.id,
      startDate: MON,
      endDate: MON,
      kind: "vacation",
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(TIME_OFF_NOT_LINKED);
  });

  it("approves what the owner or an admin enters for anyone, at once", async () => {
    for (const agent of [agents.owner, agents.admin]) {
      const res = await ask(agent, {
        companyId: crew.company.id,
        employeeId: crew.samEmployee.id,
        startDate: MON,
        endDate: MON,
        startTime: "13:00",
        endTime: "17:00",
        kind: "other",
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: "approved", startTime: "13:00", endTime: "17:00" });
      expect(res.body.decidedBy).toBe(res.body.requestedBy);
      expect(res.body.decidedAt).toEqual(expect.any(String));
    }
  });

  it("refuses an employee of another company as a field error", async () => {
    const other = await buildTenant();
    const res = await ask(agents.owner, {
      companyId: crew.company.id,
      employeeId: other.employee.id,
      startDate: MON,
      endDate: MON,
      kind: "vacation",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({
      path: "employeeId",
      message: "Employee is not part of this company",
    });
  });

  it.each([
    ["end before start", { startDate: FRI, endDate: MON }, "endDate", TIME_OFF_END_BEFORE_START],
    [
      "a part day over several days",
      { startDate: MON, endDate: FRI, startTime: "09:00", endTime: "12:00" },
      "endDate",
      TIME_OFF_PART_DAY_ONE_DAY,
    ],
    [
      "an end time before the start time",
      { startDate: MON, endDate: MON, startTime: "12:00", endTime: "09:00" },
      "endTime",
      TIME_OFF_END_TIME_AFTER_START,
    ],
    [
      "one time only",
      { startDate: MON, endDate: MON, startTime: "12:00" },
      "endTime",
      TIME_OFF_TIMES_TOGETHER,
    ],
    [
      "a time outside the day",
      { startDate: MON, endDate: MON, startTime: "09:00", endTime: "24:30" },
      "endTime",
      "End time must be HH:mm",
    ],
    [
      "a kind it does not know",
      { startDate: MON, endDate: MON, kind: "party" },
      "kind",
      "Kind must be one of vacation, sick, personal, other",
    ],
    ["no start date", { endDate: MON }, "startDate", "Start date is required"],
  ])("answers 400 for %s, naming the field, and stores nothing", async (_name, fields, path, message) => {
    const before = await db.select().from(timeOff).where(eq(timeOff.companyId, crew.company.id));
    const res = await ask(agents.owner, {
      companyId: crew.company.id,
      employeeId: crew.employee.id,
      kind: "vacation",
      ...fields,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation");
    expect(res.body.errors).toContainEqual({ path, message });
    const after = await db.select().from(timeOff).where(eq(timeOff.companyId, crew.company.id));
    expect(after).toHaveLength(before.length);
  });

  it("lets a technician report sick time in the past, but no other kind", async () => {
    const past = { companyId: crew.company.id, startDate: "2020-01-06", endDate: "2020-01-06" };
    const holiday = await ask(agents.sam, { ...past, kind: "vacation" });
    expect(holiday.status).toBe(400);
    expect(holiday.body.errors).toEqual([{ path: "startDate", message: TIME_OFF_IN_THE_PAST }]);
    const sick = await ask(agents.sam, { ...past, kind: "sick" });
    expect(sick.status).toBe(201);
    expect(sick.body).toMatchObject({ kind: "sick", status: "pending" });
    // The office may enter past days of any kind.
    const entered = await ask(agents.owner, { ...past, employeeId: crew.samEmployee.id, kind: "vacation" });
    expect(entered.status).toBe(201);
  });
});

describe("PUT /api/time-off/:id", () => {
  let crew: Crew;
  let agents: Awaited<ReturnType<typeof agentsOf>>;
  beforeAll(async () => {
    crew = await buildCrew();
    agents = await agentsOf(crew);
  });

  const request = async () =>
    (await ask(agents.pat, { companyId: crew.company.id, startDate: MON, endDate: MON, kind: "personal" }))
      .body as TimeOffDTO;

  it("lets the office approve or decline on the version it saw; an old version is 409 stale", async () => {
    const asked = await request();
    const approved = await agents.admin
      .put(`/api/time-off/${asked.id}`)
      .send({ status: "approved", version: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", decidedBy: crew.admin.id, version: 2 });
    const stale = await agents.owner
      .put(`/api/time-off/${asked.id}`)
      .send({ status: "declined", version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("stale");
    expect(stale.body.current).toMatchObject({ status: "approved", version: 2 });
    expect((await rowOf(asked.id)).status).toBe("approved");
    const declined = await agents.owner
      .put(`/api/time-off/${asked.id}`)
      .send({ status: "declined", version: 2 });
    expect(declined.body).toMatchObject({ status: "declined", decidedBy: crew.owner.id, version: 3 });
  });

  it("refuses a technician (403), another company (404) and a bad status (400)", async () => {
    const asked = await request();
    const mine = await agents.pat.put(`/api/time-off/${asked.id}`).send({ status: "approved", version: 1 });
    expect(mine.status).toBe(403);
    const other = await buildTenant();
    const stranger = await agentFor(other.owner);
    const foreign = await stranger.put(`/api/time-off/${asked.id}`).send({ status: "approved", version: 1 });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(TIME_OFF_NOT_FOUND);
    const bad = await agents.owner.put(`/api/time-off/${asked.id}`).send({ status: "pending", version: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({
      path: "status",
      message: 'Status must be "approved" or "declined"',
    });
    expect((await rowOf(asked.id)).status).toBe("pending");
  });

  it("tells the office of the request and the requester of the decision, nobody of their own change", async () => {
    const asked = await request();
    const officeBell = await bellOf(crew.owner, crew.company.id);
    // The entry carries the request as it is now: the bell offers its actions from it.
    expect(officeBell[0]).toMatchObject({
      kind: "time_off.requested",
      timeOff: { id: asked.id, employeeId: asked.employeeId, kind: "personal", status: "pending" },
    });
    expect(officeBell[0].message).toMatch(/^Pat Plumber asked for time off \(Personal\): Mon 3 Jun$/);
    expect((await bellOf(crew.admin, crew.company.id))[0].kind).toBe("time_off.requested");
    // The asker and the other technician hear nothing of the request.
    expect((await bellOf(crew.pat, crew.company.id)).some((n) => n.kind === "time_off.requested")).toBe(
      false,
    );
    expect((await bellOf(crew.sam, crew.company.id)).some((n) => n.kind === "time_off.requested")).toBe(
      false,
    );

    await agents.owner.put(`/api/time-off/${asked.id}`).send({ status: "approved", version: 1 });
    const patBell = await bellOf(crew.pat, crew.company.id);
    expect(patBell[0]).toMatchObject({
      kind: "time_off.decided",
      message: "Olive Owner approved your time off: Mon 3 Jun",
      timeOff: { id: asked.id, status: "approved" },
    });
    // The office's entry follows the request: decided now, then gone with it.
    expect((await bellOf(crew.owner, crew.company.id))[0].timeOff).toMatchObject({ status: "approved" });
    await agents.owner.delete(`/api/time-off/${asked.id}`);
    expect((await bellOf(crew.owner, crew.company.id))[0]).toMatchObject({
      kind: "time_off.requested",
      timeOff: null,
    });
    expect((await bellOf(crew.owner, crew.company.id)).some((n) => n.kind === "time_off.decided")).toBe(
      false,
    );
  });
});

describe("DELETE /api/time-off/:id", () => {
  let crew: Crew;
  let agents: Awaited<ReturnType<typeof agentsOf>>;
  beforeAll(async () => {
    crew = await buildCrew();
    agents = await agentsOf(crew);
  });
  const request = async (agent: Agent) =>
    (await ask(agent, { companyId: crew.company.id, startDate: MON, endDate: MON, kind: "vacation" }))
      .body as TimeOffDTO;

  it("lets the requester withdraw a pending request, not a decided one, and not a colleague's", async () => {
    const asked = await request(agents.pat);
    expect((await agents.sam.delete(`/api/time-off/${asked.id}`)).status).toBe(403);
    expect((await agents.pat.delete(`/api/time-off/${asked.id}`)).status).toBe(204);
    expect(await rowOf(asked.id)).toBeUndefined();

    const decided = await request(agents.pat);
    await agents.owner.put(`/api/time-off/${decided.id}`).send({ status: "approved", version: 1 });
    const refused = await agents.pat.delete(`/api/time-off/${decided.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(TIME_OFF_NOT_PENDING);
    expect(await rowOf(decided.id)).toBeDefined();
  });

  it("lets the office remove any time off; another company's is 404", async () => {
    const decided = await request(agents.pat);
    await agents.owner.put(`/api/time-off/${decided.id}`).send({ status: "approved", version: 1 });
    const other = await buildTenant();
    const stranger = await agentFor(other.owner);
    expect((await stranger.delete(`/api/time-off/${decided.id}`)).status).toBe(404);
    expect((await agents.admin.delete(`/api/time-off/${decided.id}`)).status).toBe(204);
    expect(await rowOf(decided.id)).toBeUndefined();
  });
});

describe("GET /api/time-off", () => {
  let crew: Crew;
  let agents: Awaited<ReturnType<typeof agentsOf>>;
  let patPending: TimeOffDTO;
  let samApproved: TimeOffDTO;
  let samPending: TimeOffDTO;
  beforeAll(async () => {
    crew = await buildCrew();
    agents = await agentsOf(crew);
    const body = { companyId: crew.company.id, startDate: MON, endDate: FRI, kind: "sick", note: "Flu" };
    patPending = (await ask(agents.pat, body)).body;
    samPending = (await ask(agents.sam, { ...body, kind: "personal", note: "Private" })).body;
    samApproved = (
      await ask(agents.owner, {
        ...body,
        employeeId: crew.samEmployee.id,
        startDate: "2030-06-10",
        endDate: "2030-06-10",
      })
    ).body;
    // Outside the window asked for below.
    await ask(agents.owner, {
      ...body,
      employeeId: crew.samEmployee.id,
      startDate: "2030-07-01",
      endDate: "2030-07-01",
    });
  });

  const list = (agent: Agent, extra = "") =>
    agent.get(`/api/time-off?companyId=${crew.company.id}&from=2030-06-01&to=2030-06-30${extra}`);

  it("shows the office everything that touches the days, in full", async () => {
    const res = await list(agents.admin);
    expect(res.status).toBe(200);
    expect(res.body.map((off: TimeOffDTO) => off.id).sort()).toEqual(
      [patPending.id, samPending.id, samApproved.id].sort(),
    );
    expect(res.body.find((off: TimeOffDTO) => off.id === samPending.id)).toMatchObject({
      kind: "personal",
      note: "Private",
    });
    const approvedOnly = await list(agents.owner, `&status=approved&employeeId=${crew.samEmployee.id}`);
    expect(approvedOnly.body.map((off: TimeOffDTO) => off.id)).toEqual([samApproved.id]);
  });

  it("shows a technician their own in full and colleagues' approved days without kind or note", async () => {
    const res = await list(agents.pat);
    expect(res.status).toBe(200);
    const ids = res.body.map((off: TimeOffDTO) => off.id).sort();
    expect(ids).toEqual([patPending.id, samApproved.id].sort());
    expect(res.body.find((off: TimeOffDTO) => off.id === patPending.id)).toMatchObject({
      kind: "sick",
      note: "Flu",
    });
    expect(res.body.find((off: TimeOffDTO) => off.id === samApproved.id)).toMatchObject({
      employeeId: crew.samEmployee.id,
      kind: null,
      note: null,
    });
    // Asking for the colleague's pending ones by name shows nothing either.
    const asked = await list(agents.pat, `&status=pending&employeeId=${crew.samEmployee.id}`);
    expect(asked.body).toEqual([]);
  });

  it("answers 400 for a window backwards or too long, 403 outside the company, 401 signed out", async () => {
    const backwards = await agents.owner.get(
      `/api/time-off?companyId=${crew.company.id}&from=2030-06-30&to=2030-06-01`,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toContainEqual({ path: "to", message: TIME_OFF_LIST_RANGE });
    const missing = await agents.owner.get(`/api/time-off?companyId=${crew.company.id}&to=2030-06-01`);
    expect(missing.body.errors).toContainEqual({ path: "from", message: "From is required" });
    const other = await buildTenant();
    const stranger = await agentFor(other.owner);
    expect((await list(stranger)).status).toBe(403);
    expect(
      (await anonymous().get(`/api/time-off?companyId=${crew.company.id}&from=2030-06-01&to=2030-06-02`))
        .status,
    ).toBe(401);
  });
});

describe("time_off events", () => {
  it("reach every member of the company after commit, saying who and never why", async () => {
    const crew = await buildCrew();
    const agents = await agentsOf(crew);
    const samSocket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(crew.sam) });
    try {
      const created = nextEvent<TimeOffSignal>(samSocket, "time_off.created", 15_000);
      const asked = (
        await ask(agents.pat, {
          companyId: crew.company.id,
          startDate: MON,
          endDate: MON,
          kind: "sick",
          note: "Flu",
        })
      ).body as TimeOffDTO;
      expect(await created).toEqual({
        id: asked.id,
        companyId: crew.company.id,
        employeeId: crew.employee.id,
      });

      const updated = nextEvent<TimeOffSignal>(samSocket, "time_off.updated", 15_000);
      await agents.owner.put(`/api/time-off/${asked.id}`).send({ status: "approved", version: 1 });
      expect(await updated).toEqual({
        id: asked.id,
        companyId: crew.company.id,
        employeeId: crew.employee.id,
      });

      const deleted = nextEvent<TimeOffSignal>(samSocket, "time_off.deleted", 15_000);
      await agents.owner.delete(`/api/time-off/${asked.id}`);
      expect(await deleted).toEqual({
        id: asked.id,
        companyId: crew.company.id,
        employeeId: crew.employee.id,
      });
      await flush([samSocket], crew.company.id);
    } finally {
      samSocket.close();
    }
  });

  it("is not sent when a change is refused", async () => {
    const crew = await buildCrew();
    const agents = await agentsOf(crew);
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(crew.owner) });
    const heard: string[] = [];
    socket.on("time_off.created", () => heard.push("created"));
    try {
      const refused = await ask(agents.pat, {
        companyId: crew.company.id,
        startDate: FRI,
        endDate: MON,
        kind: "sick",
      });
      expect(refused.status).toBe(400);
      await flush([socket], crew.company.id);
      expect(heard).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe("a member linked later", () => {
  it("asks for their own employee once linked", async () => {
    const tenant = await buildTenant();
    await linkMember(tenant.company.id, tenant.employeeUser.id, tenant.employee.id);
    const agent = await agentFor(tenant.employeeUser);
    const res = await ask(agent, {
      companyId: tenant.company.id,
      startDate: MON,
      endDate: MON,
      kind: "vacation",
    });
    expect(res.status).toBe(201);
    expect(res.body.employeeId).toBe(tenant.employee.id);
  });
});
