/**
 * On my way with an arrival time (docs/visits.md): the technician shares the phone's
 * position, taps On my way, and My Day says when they should arrive; the office's card
 * says it too, live.
 */
import type { JobDTO } from "@sched/shared-types";
import { addEmployee, api, expect, test } from "../fixtures";
import { memberPage } from "../members";

const PHONE = { width: 390, height: 844 };
/** Where the phone is, and the job 9.87 km away: 27 minutes with the default drive settings. */
const LOOP = { latitude: 41.8781, longitude: -87.6298 };
const HYDE_PARK = { lat: 41.7943, lng: -87.5907 };

/** Today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

test.describe("On my way's arrival time", () => {
  test.describe.configure({ timeout: 150_000 });

  test("drives from the phone's position when the technician shares it", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "My Day on a phone");
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    const booked = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: tia.id,
      type: "Repair",
      location: "12 Oak Rd",
      date: today(),
      time: "23:00",
      durationMinutes: 60,
    });
    await api(page, "PUT", `/api/jobs/${booked.id}/place`, { companyId: owner.companyId, ...HYDE_PARK });
    const tech = await memberPage(page, owner, "employee", browser, testInfo, {
      employeeId: tia.id,
      name: { firstName: "Tia", lastName: "Tech" },
      context: { viewport: PHONE, geolocation: LOOP, permissions: ["geolocation"] },
    });
    await tech.goto("/my-day");
    const job = tech.getByTestId("my-day-job");
    await expect(job).toHaveCount(1, { timeout: 45_000 });

    await tech.getByRole("switch", { name: "Share my position for arrival times" }).click();
    await expect(tech.getByRole("switch", { name: "Share my position for arrival times" })).toBeChecked();
    await job.getByRole("button", { name: "On my way" }).click();
    await expect(job.getByTestId("my-job-arrival")).toHaveText(/Arriving about \d{1,2}:\d{2} (AM|PM)/);

    const saved = await api<JobDTO>(page, "GET", `/api/jobs?companyId=${owner.companyId}`);
    const [onTheWay] = saved as unknown as JobDTO[];
    const minutes =
      (Date.parse(onTheWay.arrivalEstimateAt ?? "") - Date.parse(onTheWay.onMyWayAt ?? "")) / 60_000;
    expect(Math.round(minutes)).toBe(27);
  });
});
