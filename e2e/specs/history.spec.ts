import type { Page } from "@playwright/test";
import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { addEmployee, api, expect, test } from "../fixtures";

function dayString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** yyyy-MM-dd of the Monday `weeks` away from this week. */
function monday(weeks = 0): string {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7) + weeks * 7);
  return dayString(date);
}

async function addJob(page: Page, companyId: string, employeeId: string, date: string, location: string) {
  await api(page, "POST", "/api/jobs", {
    employeeId,
    type: "Repair",
    location,
    date,
    time: "10:00",
    companyId,
  });
}

test.describe("Schedule History", () => {
  test("search by name and by date, no results with Clear Search, and View of an archived week is read-only", async ({
    page,
    owner,
  }) => {
    test.slow(); // A whole journey: three weeks of jobs, searches, then the week page.
    await page.goto("/history");
    // The first screen of a test waits longer: a fresh browser loads the whole app.
    await expect(page.getByRole("heading", { name: "Schedule History" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("history-empty")).toContainText("No Schedule History");

    const tech = await addEmployee(page, owner.companyId, "Aisha Khan", "orange");
    const [old, older, current] = [monday(-2), monday(-3), monday(0)];
    await addJob(page, owner.companyId, tech.id, older, "12 Elm Ct");
    await addJob(page, owner.companyId, tech.id, old, "7 Birch Way");
    await addJob(page, owner.companyId, tech.id, current, "3 Lake Dr");
    const weeks = await api<WeeklyScheduleDTO[]>(
      page,
      "GET",
      `/api/weekly-schedules?companyId=${owner.companyId}`,
    );
    const olderWeek = weeks.find((week) => week.weekStartDate === older)!;
    await api(page, "PUT", `/api/weekly-schedules/${olderWeek.id}`, { name: "Holiday rush" });

    await page.reload();
    const cards = page.getByTestId("history-card");
    await expect(cards).toHaveCount(3);
    // Newest first; weeks already over are archived.
    await expect(cards.nth(0)).toContainText("Active");
    await expect(cards.nth(1)).toContainText("Archived");
    await expect(cards.nth(2)).toContainText("Holiday rush");
    await expect(cards.nth(2)).toContainText("Archived");

    const search = page.getByPlaceholder("Search by week date or name");
    await search.fill("HOLIDAY");
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("Holiday rush");

    // A piece of the start date text ("-MM-DD" of that Monday) finds that week only.
    await search.fill(old.slice(4));
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`Week of`);
    await expect(cards.first().getByTestId("history-badge")).toHaveText("Archived");

    await search.fill("no such week");
    await expect(page.getByTestId("history-no-results")).toContainText("No Results Found");
    await page.getByRole("button", { name: "Clear Search" }).click();
    await expect(search).toHaveValue("");
    await expect(cards).toHaveCount(3);

    await cards.filter({ hasText: "Holiday rush" }).getByRole("link", { name: "View" }).click();
    await expect(page).toHaveURL(new RegExp(`/history/${older}$`));
    const weekPage = page.getByTestId("history-week");
    await expect(weekPage.getByRole("heading", { name: "Holiday rush" })).toBeVisible({ timeout: 15_000 });
    await expect(weekPage.getByTestId("history-badge")).toHaveText("Archived");
    const job = weekPage.getByTestId(`cell-${tech.id}-${older}`).getByTestId("job-card");
    await expect(job).toContainText("12 Elm Ct");
    // Read-only: no add buttons, and a job opens nothing.
    await expect(weekPage.getByRole("button", { name: /^Add job for/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Job" })).toHaveCount(0);
    await job.click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Back to History" }).click();
    await expect(cards).toHaveCount(3);
  });

  test("export downloads the week's CSV named by its Monday", async ({ page, owner }) => {
    const tech = await addEmployee(page, owner.companyId, "Jon Park");
    const week = monday(-1);
    await addJob(page, owner.companyId, tech.id, week, "55 Cedar Ln");
    await page.goto("/history");
    await expect(page.getByTestId("history-card")).toHaveCount(1, { timeout: 20_000 });
    const download = page.waitForEvent("download");
    await page
      .getByTestId("history-card")
      .getByRole("button", { name: /^Export/ })
      .click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`schedule-${week}.csv`);
    const path = await file.path();
    const { readFile } = await import("node:fs/promises");
    const csv = await readFile(path, "utf8");
    expect(csv).toContain("55 Cedar Ln");
    expect(csv).toContain("Jon Park");
    await expect(page.getByText("Schedule exported")).toBeVisible();
  });
});
