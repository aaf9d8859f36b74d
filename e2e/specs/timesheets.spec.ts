/**
 * Timesheets from the field (docs/timesheets.md): a technician on a phone starts the day,
 * does two jobs (one while offline) and ends the day; the office sees the day split into
 * time on jobs and between them, corrects a forgotten clock-out with a reason, approves the
 * week and downloads the CSV.
 *
 * The phone's clock is Playwright's, set hours back and moved on between taps, so the day
 * has real lengths; every tap is still in the past for the server. The company's time zone
 * is chosen so that those hours lie in this week of the company's.
 */
import { dateIn, type EmployeeDTO, type JobDTO, wallClock, weekStartOf } from "@sched/shared-types";
import { addEmployee, api, expect as baseExpect, test } from "../fixtures";
import { memberPage } from "../members";

const expect = baseExpect.configure({ timeout: 15_000 });
const HOUR_MS = 60 * 60 * 1000;
/** A first visit loads the whole app: allow a loaded machine. */
const FIRST_LOAD = { timeout: 60_000 };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The calendar date an instant (ms) falls on in `timeZone`. */
const localDate = (instant: number, timeZone: string) => dateIn(new Date(instant), timeZone);

/**
 * A zone in which the last 6 hours are all one day (so one week): one of three zones about 8
 * hours apart is always past 6 AM. A night's shift ending after midnight is the unit tests'.
 */
function zoneWithRoom(now: number): string {
  const zones = ["UTC", "America/Los_Angeles", "Asia/Tokyo"];
  return zones.find((zone) => localDate(now - 6 * HOUR_MS, zone) === localDate(now, zone)) ?? "UTC";
}

test.describe("timesheets", () => {
  // Three browsers and a day of taps.
  test.setTimeout(300_000);

  test("a technician's day from the phone, split, corrected, approved and exported by the office", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const now = Date.now();
    const timeZone = zoneWithRoom(now);
    await api(page, "PUT", `/api/companies/${owner.companyId}/settings`, { timeZone });
    const dayStart = now - 5 * HOUR_MS;
    const day = localDate(dayStart, timeZone);
    const week = weekStartOf(localDate(now, timeZone));

    const tia: EmployeeDTO = await addEmployee(page, owner.companyId, "Tia Tech");
    const sam: EmployeeDTO = await addEmployee(page, owner.companyId, "Sam Spanner");
    for (const [time, location] of [
      ["09:00", "12 Oak Rd"],
      ["13:00", "7 Elm St"],
    ]) {
      await api<JobDTO>(page, "POST", "/api/jobs", {
        companyId: owner.companyId,
        employeeId: tia.id,
        type: "Repair",
        location,
        date: day,
        time,
      });
    }

    // Sam starts a day and forgets to end it.
    const samPhone = await memberPage(page, owner, "employee", browser, testInfo, {
      employeeId: sam.id,
      name: { firstName: "Sam", lastName: "Spanner" },
      context: { ...PHONE, timezoneId: timeZone },
    });
    const samIn = await samPhone.request.post("/api/time-clock", {
      data: { companyId: owner.companyId, action: "in", at: new Date(dayStart).toISOString() },
    });
    expect(samIn.status()).toBe(200);

    // Tia's phone, its clock five hours back.
    const tech = await memberPage(page, owner, "employee", browser, testInfo, {
      employeeId: tia.id,
      context: { ...PHONE, timezoneId: timeZone },
    });
    await tech.clock.install({ time: dayStart });
    await tech.goto("/my-day");
    const clock = tech.getByTestId("day-clock");
    await expect(clock).toBeVisible(FIRST_LOAD);
    await clock.getByRole("button", { name: "Start my day" }).click();
    await expect(clock.getByTestId("day-clock-status")).toContainText("Day started at");

    const oak = tech.getByTestId("my-day-job").filter({ hasText: "12 Oak Rd" });
    const elm = tech.getByTestId("my-day-job").filter({ hasText: "7 Elm St" });
    await tech.clock.fastForward("00:30:00");
    await oak.getByRole("button", { name: "Start" }).click();
    await expect(oak).toHaveAttribute("data-status", "in_progress");
    await tech.clock.fastForward("01:00:00");
    await oak.getByRole("button", { name: "Complete" }).click();
    await expect(oak).toHaveAttribute("data-status", "completed");

    // The second job in a basement: kept on the phone with the times of the taps.
    await tech.clock.fastForward("00:30:00");
    await tech.context().setOffline(true);
    await elm.getByRole("button", { name: "Start" }).click();
    await expect(elm).toHaveAttribute("data-status", "in_progress");
    await tech.clock.fastForward("01:00:00");
    await elm.getByRole("button", { name: "Complete" }).click();
    await expect(elm.getByTestId("my-job-waiting")).toBeVisible();
    await tech.context().setOffline(false);
    await expect(tech.getByTestId("offline-indicator")).toHaveText("All sent");

    await tech.clock.fastForward("00:30:00");
    await clock.getByRole("button", { name: "End my day" }).click();
    // The day's end is confirmed on the phone: when, and what it came to.
    await expect(clock.getByTestId("day-clock-status")).toHaveText(
      /^Day ended at \d{1,2}:\d{2} [AP]M · 3h 3\dm worked$/,
    );
    await expect(clock.getByTestId("day-clock-hours")).toContainText(/3h 3\dm/);

    // The office: the day split into jobs and between them.
    await page.goto(`/timesheets?week=${week}`);
    const tiaSheet = page.locator(`[data-testid="timesheet"][data-employee-id="${tia.id}"]`);
    await expect(tiaSheet).toBeVisible(FIRST_LOAD);
    const tiaDay = tiaSheet.locator("tr", {
      hasText: new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric" }),
    });
    // Real seconds pass between the taps too: a minute more or less is the machine's, not the rule's.
    await expect(tiaDay).toContainText(/3h 3\dm/);
    await expect(tiaDay.locator("td").nth(3)).toHaveText(/^2h( 0\dm)?$/);
    await expect(tiaDay.locator("td").nth(4)).toHaveText(/^1h [23]\dm$/);
    await expect(tiaSheet.getByTestId("timesheet-totals")).toContainText(/Total 3h 3\dm/);

    // Sam's forgotten clock-out, corrected with a reason and kept in the history.
    const samSheet = page.locator(`[data-testid="timesheet"][data-employee-id="${sam.id}"]`);
    // A clocked time is a link-styled button saying what it does, reached with the keyboard.
    const dayText = new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    });
    const samEntry = samSheet.getByRole("button", { name: new RegExp(`^Correct ${dayText}: `) });
    await expect(samEntry).toHaveClass(/ant-btn-link/);
    await samEntry.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    // The dialog names the day as the rest of the app does ("Mon, Dec 7"), not as an ISO date.
    await expect(dialog.locator(".ant-modal-title")).toHaveText(`Sam Spanner: ${dayText}`);
    const wall = (instant: number) => wallClock(new Date(instant), timeZone);
    await dialog.getByTestId("entry-clock-in").fill(wall(dayStart));
    await dialog.getByTestId("entry-clock-out").fill(wall(dayStart + 4 * HOUR_MS));
    await dialog.getByTestId("entry-reason").fill("Forgot to end the day");
    await dialog.getByTestId("entry-save").click();
    await expect(dialog).toBeHidden();
    await expect(samSheet.getByTestId("flag-edited")).toBeVisible();
    await expect(samSheet.getByTestId("timesheet-totals")).toContainText("Total 4h");
    await samSheet.getByTestId("timesheet-entry").click();
    await expect(page.getByTestId("entry-history")).toContainText("Forgot to end the day");
    await page.keyboard.press("Escape");
    // Approving asks first, naming the person (or the people) and the week: Sam's week alone,
    // then Approve all for the rest.
    await samSheet.getByRole("button", { name: "Approve", exact: true }).click();
    const approveSam = page.locator(".ant-popconfirm").filter({ hasText: "Approve Sam Spanner's week of " });
    await expect(approveSam).toBeVisible();
    await expect(samSheet).toHaveAttribute("data-status", "open");
    await approveSam.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(samSheet).toHaveAttribute("data-status", "approved");
    await page.getByRole("button", { name: "Approve all" }).click();
    const approveAll = page
      .locator(".ant-popconfirm")
      .filter({ hasText: /Approve the week of .+ for Tia Tech\?/ });
    await expect(approveAll).toBeVisible();
    await expect(tiaSheet).toHaveAttribute("data-status", "open");
    await approveAll.getByRole("button", { name: "Approve", exact: true }).click();
    await expect(tiaSheet).toHaveAttribute("data-status", "approved");
    await expect(samSheet).toHaveAttribute("data-status", "approved");
    const download = page.waitForEvent("download");
    await page.getByTestId("timesheets-csv").click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text).toContain(`Tia Tech,${day}`);
    expect(text).toMatch(/Tia Tech,Total,,,,3\.5\d,3:3\d,2\.0\d,1\.[45]\d,0\.00,0:00,,approved/);
    expect(text).toContain("Sam Spanner,Total,,,,4.00,4:00");
  });
});
