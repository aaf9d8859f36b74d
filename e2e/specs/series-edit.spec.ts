/**
 * Changing a recurring job (docs/schedule.md): the Repeat field of Edit
 * Job shows the series' rule and, changed, previews the new dates; saving asks "This and
 * following" or "All" and remakes the jobs to come, earlier ones staying. A new date saved
 * for "This and following" moves every later job by the same number of days.
 * Desktop and phone alike, on the Week View.
 */
import type { Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { openBoard, openedModal } from "../board";
import { addEmployee, api, expect, test } from "../fixtures";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => iso(new Date(parse(date).getTime() + days * 86_400_000));
/** "Wed, Mar 5", as the preview names a day. */
const dayName = (date: string) => {
  const d = parse(date);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};

/** The Monday after today: every occurrence lies ahead. */
function nextMonday(): string {
  const today = iso(new Date());
  const weekday = parse(today).getUTCDay();
  return addDays(today, ((8 - weekday) % 7) + (weekday === 1 ? 7 : 0));
}

const seriesJobs = async (page: Page, companyId: string) =>
  (await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${companyId}`))
    .filter((job) => job.seriesId)
    .sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""));

/** A weekly series on Mondays from `start`, at 9:00. */
async function mondaySeries(page: Page, companyId: string, employeeId: string, start: string) {
  await api(page, "POST", "/api/job-series", {
    companyId,
    employeeId,
    type: "Maintenance",
    location: "7 Series St",
    time: "09:00",
    startDate: start,
    rrule: "FREQ=WEEKLY;BYDAY=MO",
  });
}

async function openCard(page: Page, employeeId: string, date: string) {
  await openBoard(page, `/schedule?week=${date}&view=week`);
  await page
    .getByTestId(`cell-${employeeId}-${date}`)
    .getByTestId("job-card")
    .filter({ hasText: "7 Series St" })
    .click();
  return openedModal(page, "Edit Job");
}

test.describe("changing a recurring job", () => {
  test.describe.configure({ timeout: 150_000 });

  test("the Repeat field changes the rule from this job on, with its preview", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const start = nextMonday();
    await mondaySeries(page, owner.companyId, luis.id, start);
    const third = addDays(start, 14);

    const edit = await openCard(page, luis.id, third);
    const repeat = edit.getByTestId("repeat-field");
    await expect(repeat.getByRole("checkbox", { name: "Mon" })).toBeChecked({ timeout: 30_000 });
    await repeat.getByRole("checkbox", { name: "Wed" }).check();
    await repeat.getByRole("checkbox", { name: "Mon" }).uncheck();
    const preview = edit.getByTestId("repeat-preview");
    await expect(preview).toContainText(dayName(addDays(third, 2)));
    await expect(preview).toContainText(dayName(addDays(third, 9)));
    await edit.getByRole("button", { name: "Update Job" }).click();

    const scope = await openedModal(page, "Change how a recurring job repeats");
    await expect(scope.getByRole("radio", { name: "This and following" })).toBeChecked();
    await expect(scope.getByRole("radio", { name: "This job" })).toHaveCount(0);
    await scope.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Recurring job has been updated.")).toBeVisible({ timeout: 30_000 });
    await expect(edit).toBeHidden();

    const after = await seriesJobs(page, owner.companyId);
    expect(after.filter((job) => (job.date ?? "") < third).map((job) => job.date)).toEqual([
      start,
      addDays(start, 7),
    ]);
    const later = after.filter((job) => (job.date ?? "") >= third);
    expect(later.length).toBeGreaterThanOrEqual(9);
    expect(later.every((job) => parse(job.date ?? "").getUTCDay() === 3)).toBe(true);
    // The board shows the Wednesday job where the Monday one was.
    await openBoard(page, `/schedule?week=${third}&view=week`);
    await expect(
      page.getByTestId(`cell-${luis.id}-${addDays(third, 2)}`).getByTestId("job-card"),
    ).toContainText("7 Series St");
    await expect(page.getByTestId(`cell-${luis.id}-${third}`).getByTestId("job-card")).toHaveCount(0);
  });

  test("a new interval from a job keeps that job and counts from it, as its preview says", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const start = nextMonday();
    await mondaySeries(page, owner.companyId, luis.id, start);
    const second = addDays(start, 7);
    const [edited] = (await seriesJobs(page, owner.companyId)).filter((job) => job.date === second);

    // Every 2 weeks at 11:00, from the second Monday: the preview starts on it.
    const edit = await openCard(page, luis.id, second);
    const repeat = edit.getByTestId("repeat-field");
    await expect(repeat.getByRole("checkbox", { name: "Mon" })).toBeChecked({ timeout: 30_000 });
    await repeat.getByLabel("Every how many weeks").fill("2");
    await edit.getByLabel("Time", { exact: true }).fill("11:00");
    const preview = edit.getByTestId("repeat-preview");
    await expect(preview).toContainText(
      `Next: ${[0, 14, 28].map((days) => dayName(addDays(second, days))).join(" · ")}`,
    );
    await edit.getByRole("button", { name: "Update Job" }).click();
    const scope = await openedModal(page, "Change how a recurring job repeats");
    await expect(scope.getByRole("radio", { name: "This and following" })).toBeChecked();
    await scope.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Recurring job has been updated.")).toBeVisible({ timeout: 30_000 });

    const after = await seriesJobs(page, owner.companyId);
    expect(after.find((job) => job.id === edited.id)).toMatchObject({ date: second, time: "11:00" });
    expect(after.slice(0, 4).map((job) => job.date)).toEqual(
      [0, 7, 21, 35].map((days) => addDays(start, days)),
    );
    // The board still has the edited Monday, at its new time.
    await openBoard(page, `/schedule?week=${second}&view=week`);
    await expect(page.getByTestId(`cell-${luis.id}-${second}`).getByTestId("job-card")).toContainText(
      "11:00",
    );
  });

  test("a new date for this and following moves every later job by the same days", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const start = nextMonday();
    await mondaySeries(page, owner.companyId, luis.id, start);
    const second = addDays(start, 7);

    const edit = await openCard(page, luis.id, second);
    await edit.getByLabel("Date").fill(addDays(second, 1));
    await edit.getByRole("button", { name: "Update Job" }).click();
    const scope = await openedModal(page, "Change a recurring job");
    await scope.getByRole("radio", { name: "This and following" }).check();
    await scope.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible({ timeout: 30_000 });

    const after = await seriesJobs(page, owner.companyId);
    expect(after[0].date).toBe(start);
    expect(after.slice(1).map((job) => job.date)).toEqual(
      after.slice(1).map((_, index) => addDays(second, 7 * index + 1)),
    );
  });
});
