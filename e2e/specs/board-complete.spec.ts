/**
 * A board that never hides a job (docs/schedule.md): a Sunday job shows in a Sunday
 * column, an inactive employee's job in the Inactive row (and the print), Add Job starts
 * on a working day, and "Show only conflicts" filters the board to the jobs with warnings.
 */
import type { Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { modal, openBoard } from "../board";
import { addEmployee, api, expect, isPhone, type Owner, test } from "../fixtures";
import { chooseOption } from "../selects";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const SUNDAY = "2031-03-09";
const _FIRST_LOAD = { timeout: 30_000 };

async function addJob(page: Page, companyId: string, job: Partial<JobDTO> & { employeeId: string }) {
  return api<JobDTO>(page, "POST", "/api/jobs", {
    companyId,
    type: "Maintenance",
    location: "7 Lake Dr",
    date: WEDNESDAY,
    time: "09:00",
    ...job,
  });
}

const pad = (n: number) => String(n).padStart(2, "0");
const isoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The Week View on any screen (a phone opens on the Daily View). */
async function showWeekView(page: Page) {
  await page.getByRole("tab", { name: "Week View" }).click();
  await expect(page.getByTestId("week-grid")).toBeVisible();
}

const setWorkingDays = (page: Page, owner: Owner, workingDays: number[]) =>
  api(page, "PUT", `/api/companies/${owner.companyId}/settings`, { workingDays });

test.describe("a board that never hides a job", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a Sunday job added from the header is visible on the board", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await openBoard(page, `/schedule?week=${MONDAY}&day=${MONDAY}`);
    await showWeekView(page);
    // Monday to Saturday while nothing is booked on Sunday and the company does not work it.
    await expect(page.getByTestId(`cell-${luis.id}-${SUNDAY}`)).toHaveCount(0);

    await page.getByRole("button", { name: "Add Job", exact: true }).click();
    const dialog = modal(page, "Add Job");
    await expect(dialog.getByLabel("Date")).toHaveValue(MONDAY);
    await chooseOption(page, dialog, "Employee", "Luis Garcia");
    await chooseOption(page, dialog, "Job type", "Repair");
    await dialog.getByLabel("Location").fill("9 Sunday Sq");
    await dialog.getByLabel("Date").fill(SUNDAY);
    await dialog.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Job has been added to the schedule.")).toBeVisible();
    await expect(dialog).toBeHidden();

    const sundayCell = page.getByTestId(`cell-${luis.id}-${SUNDAY}`);
    await expect(sundayCell.getByTestId("job-card").filter({ hasText: "9 Sunday Sq" })).toBeVisible();
    await expect(page.getByTestId("week-grid").getByText("Sun", { exact: true })).toBeVisible();

    // By Employee shows the Sunday too.
    await page.getByRole("tab", { name: "By Employee" }).click();
    await expect(page.getByTestId("by-employee-view").getByText("Sunday, Mar 9")).toBeVisible();
    await expect(page.getByTestId("by-employee-view").getByText("9 Sunday Sq")).toBeVisible();
  });

  test("a Monday-to-Friday company sees five columns, and Show all days opens the weekend for a drop (with the warning)", async ({
    page,
    owner,
  }) => {
    test.skip(isPhone(page), "the desktop drags");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await setWorkingDays(page, owner, [1, 2, 3, 4, 5]);
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "6 Weekday Way" });
    await openBoard(page, `/schedule?week=${MONDAY}`);
    await showWeekView(page);
    const saturdayCell = page.getByTestId(`cell-${luis.id}-2031-03-08`);
    await expect(page.getByTestId(`cell-${luis.id}-2031-03-07`)).toBeAttached();
    await expect(saturdayCell).toHaveCount(0);
    await expect(page.getByTestId(`cell-${luis.id}-${SUNDAY}`)).toHaveCount(0);

    await page.getByLabel("Show all days").click();
    await expect(saturdayCell).toBeAttached();
    await expect(page.getByTestId(`cell-${luis.id}-${SUNDAY}`)).toBeAttached();
    await page
      .getByTestId(`cell-${luis.id}-${WEDNESDAY}`)
      .getByTestId("job-card")
      .filter({ hasText: "6 Weekday Way" })
      .dragTo(saturdayCell);
    const moved = saturdayCell.getByTestId("job-card").filter({ hasText: "6 Weekday Way" });
    await expect(moved).toBeVisible();
    await expect(moved.getByTestId("job-conflict")).toHaveAttribute("title", /Saturday is not a working day/);

    // Off again: Saturday stays, because it has work now; the empty Sunday goes.
    await page.getByLabel("Show all days").click();
    await expect(moved).toBeVisible();
    await expect(page.getByTestId(`cell-${luis.id}-${SUNDAY}`)).toHaveCount(0);
  });

  test("an impossible date typed into the job form says it is not a real date", async ({ page, owner }) => {
    test.skip(isPhone(page), "typing into the date field's parts needs a keyboard");
    await addEmployee(page, owner.companyId, "Luis Garcia");
    await openBoard(page, `/schedule?week=${MONDAY}`);
    await page.getByRole("button", { name: "Add Job", exact: true }).click();
    const dialog = modal(page, "Add Job");
    const date = dialog.getByLabel("Date");
    await expect(date).toHaveValue(MONDAY);
    // Month, day, year: 30 February, which the browser cannot read.
    await date.click({ position: { x: 8, y: 10 } });
    await page.keyboard.type("02302031");
    await page.keyboard.press("Tab");
    await expect(dialog.getByText("Date is not a real date: that month has no such day")).toBeVisible();
    await expect(dialog.getByText("Date is required")).toHaveCount(0);
  });

  test("a company that works Sundays sees the Sunday column with nothing booked", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await setWorkingDays(page, owner, [1, 2, 3, 4, 5, 6, 7]);
    await openBoard(page, `/schedule?week=${MONDAY}`);
    await showWeekView(page);
    await expect(page.getByRole("button", { name: "Add job for Luis Garcia on Sun, Mar 9" })).toBeAttached();
    await expect(page.getByTestId(`cell-${luis.id}-${SUNDAY}`)).toBeAttached();
  });

  test("Add Job starts on the next working day", async ({ page, owner }) => {
    await addEmployee(page, owner.companyId, "Luis Garcia");
    // Monday to Friday: on a Saturday or Sunday, Add Job offers Monday.
    await setWorkingDays(page, owner, [1, 2, 3, 4, 5]);
    await openBoard(page, "/schedule");
    const expected = new Date();
    while (expected.getDay() === 0 || expected.getDay() === 6) expected.setDate(expected.getDate() + 1);
    await page.getByRole("button", { name: "Add Job", exact: true }).click();
    await expect(modal(page, "Add Job").getByLabel("Date")).toHaveValue(isoDate(expected));
  });

  test("an inactive employee's job shows in the Inactive row and the print", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const bob = await addEmployee(page, owner.companyId, "Bob Stone");
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "1 Active Rd" });
    await addJob(page, owner.companyId, { employeeId: bob.id, location: "2 Gone Ave", time: "11:00" });
    await api(page, "PUT", `/api/employees/${bob.id}`, { isActive: false });

    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    if (isPhone(page)) {
      // The phone's Daily View gives an inactive employee with jobs that day a row after the roster, marked.
      const inactive = page.getByTestId(`daily-${bob.id}`);
      await expect(inactive.getByText("Inactive", { exact: true })).toBeVisible();
      await expect(inactive.getByText("Bob Stone")).toBeVisible();
      await expect(inactive.getByRole("button", { name: /^Add job for/ })).toHaveCount(0);
      await expect(inactive.getByTestId("job-card").filter({ hasText: "2 Gone Ave" })).toBeVisible();
    }
    await showWeekView(page);
    const row = page.getByTestId("row-inactive");
    await expect(row.getByText("Inactive", { exact: true })).toBeAttached();
    const cell = page.getByTestId(`cell-inactive-${WEDNESDAY}`);
    await expect(cell.getByText("Bob Stone")).toBeAttached();
    await expect(cell.getByTestId("job-card").filter({ hasText: "2 Gone Ave" })).toBeAttached();
    // Nobody can be given a new job in the Inactive row.
    await expect(row.getByRole("button", { name: /^Add job for/ })).toHaveCount(0);
    await expect(page.getByTestId(`cell-${luis.id}-${WEDNESDAY}`).getByText("1 Active Rd")).toBeAttached();

    const popup = page.waitForEvent("popup");
    await page.getByTestId("action-print").click();
    const printWindow = await popup;
    await expect(printWindow.locator("th.person", { hasText: "Inactive" })).toBeVisible();
    await expect(printWindow.getByText("2 Gone Ave")).toBeVisible();
    await expect(printWindow.getByText("Bob Stone")).toBeVisible();
  });

  test("Show only conflicts filters the board to the conflicting jobs", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    // Two jobs at the same hour for one technician overlap; the afternoon one does not.
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "1 First St" });
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "2 Second St", time: "09:30" });
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "3 Calm Rd", time: "14:00" });
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);

    // A visible switch; its count is the sum of the cards' own counts.
    const filter = page.getByRole("switch", { name: "Show only conflicts (2 conflicts this week)" });
    await expect(filter).toHaveAttribute("aria-checked", "false");
    const board = page.getByRole("tabpanel");
    const cards = board.getByTestId("job-card");
    await expect(cards).toHaveCount(3);
    // The mark is an icon and words, and the card's name says it too.
    const first = cards.filter({ hasText: "1 First St" });
    await expect(first.getByTestId("job-conflict")).toHaveText(/1 conflict/);
    await expect(first).toHaveAccessibleName(/1 conflict: Overlaps/);
    await expect(cards.filter({ hasText: "3 Calm Rd" }).getByTestId("job-conflict")).toHaveCount(0);

    await filter.click();
    await expect(filter).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("conflict-filter-on")).toBeVisible();
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: "3 Calm Rd" })).toHaveCount(0);
    await filter.click();
    await expect(cards).toHaveCount(3);
    // The filter fits next to the week's arrows on a phone too: nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
