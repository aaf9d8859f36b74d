/**
 * The `long_day` flag (docs/timesheets.md, docs/settings.md): nothing stops a technician
 * from recording a 24-hour day alone, so a day worked over the company's limit (14 h unless
 * Company Settings say otherwise) is flagged for the office, on the screen and in the CSV.
 */
import { DEFAULT_COMPANY_SETTINGS, LONG_DAY_INVALID } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";
import { buildEntry, buildLinkedTenant } from "./timesheets-support";

const WEEK = "2026-03-02";
type Day = { date: string; workedMinutes: number; flags: string[] };

/** Days of 24 h, 14 h exactly, 14 h 01 and 10 h 01, Monday to Thursday (UTC company). */
async function longWeek() {
  const tenant = await buildLinkedTenant();
  const { company, employee } = tenant;
  await buildEntry(company.id, employee.id, "2026-03-02T06:00:00Z", "2026-03-03T06:00:00Z");
  await buildEntry(company.id, employee.id, "2026-03-03T07:00:00Z", "2026-03-03T21:00:00Z");
  await buildEntry(company.id, employee.id, "2026-03-04T07:00:00Z", "2026-03-04T21:01:00Z");
  await buildEntry(company.id, employee.id, "2026-03-05T07:00:00Z", "2026-03-05T17:01:00Z");
  const agent = await agentFor(tenant.owner);
  const read = async () => {
    const res = await agent.get(`/api/timesheets?companyId=${company.id}&weekStart=${WEEK}`);
    expect(res.status).toBe(200);
    return (res.body[0].days as Day[]).slice(0, 4).map((day) => [day.workedMinutes, day.flags]);
  };
  return { ...tenant, agent, read };
}

describe("long_day: a day over the company's limit", () => {
  it("flags a day over 14 h by default, not one of exactly 14 h", async () => {
    expect(DEFAULT_COMPANY_SETTINGS.longDayMinutes).toBe(840);
    const { read } = await longWeek();
    expect(await read()).toEqual([
      [1440, ["long_day"]],
      [840, []],
      [841, ["long_day"]],
      [601, []],
    ]);
  });

  it("follows the limit the owner sets", async () => {
    const { company, agent, read } = await longWeek();
    const saved = await agent.put(`/api/companies/${company.id}/settings`).send({ longDayMinutes: 600 });
    expect([saved.status, saved.body.longDayMinutes]).toEqual([200, 600]);
    expect((await read()).map(([, flags]) => flags)).toEqual([
      ["long_day"],
      ["long_day"],
      ["long_day"],
      ["long_day"],
    ]);
    await agent.put(`/api/companies/${company.id}/settings`).send({ longDayMinutes: 1440 });
    expect((await read()).map(([, flags]) => flags)).toEqual([[], [], [], []]);
  });

  it("prints the flag in words in the CSV", async () => {
    const { company, agent } = await longWeek();
    const res = await agent.get(`/api/timesheets.csv?companyId=${company.id}&weekStart=${WEEK}`);
    expect(res.status).toBe(200);
    const lines = res.text
      .replace(/^\ufeff/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines.find((line) => line.includes(",2026-03-02,"))).toMatch(/,Long day,open$/);
    expect(lines.find((line) => line.includes(",2026-03-03,"))).toMatch(/,,open$/);
  });

  it("refuses a limit outside 1 to 24 h in whole minutes with its message, and keeps the stored one", async () => {
    const { company, agent } = await longWeek();
    const path = `/api/companies/${company.id}/settings`;
    expect((await agent.put(path).send({ longDayMinutes: 720 })).status).toBe(200);
    for (const longDayMinutes of [59, 1441, 600.5, null, "14", 0, -60]) {
      const res = await agent.put(path).send({ longDayMinutes });
      expect([res.status, res.body]).toEqual([
        400,
        {
          message: LONG_DAY_INVALID,
          code: "validation",
          errors: [{ path: "longDayMinutes", message: LONG_DAY_INVALID }],
        },
      ]);
    }
    expect(LONG_DAY_INVALID).toBe("A long day must be 1 to 24 hours, in whole minutes");
    expect((await agent.get(path)).body.longDayMinutes).toBe(720);
  });
});
