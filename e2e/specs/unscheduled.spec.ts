/**
 * The Unscheduled tray (docs/schedule.md): a job goes from the tray
 * to a cell and back, each move with Undo. The desktop drags; the phone uses "Move to…".
 */
import type { Locator, Page } from "@playwright/test";
import { clockIn, dateIn, type JobDTO } from "@sched/shared-types";
import { closeNotices, modal, openBoard, openedModal, undoInToast } from "../board";
import { addEmployee, api, expect, isPhone, type Owner, test } from "../fixtures";
import { chooseOption } from "../selects";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";

/** A job straight into the tray: no employee, date or time. */
async function addTrayJob(page: Page, companyId: string, location: string) {
  return api<JobDTO>(page, "POST", "/api/jobs", { companyId, type: "Inspection", location });
}

const trayJobs = (page: Page, owner: Owner) =>
  api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}&unscheduled=true`);

const cardIn = (scope: Locator, location: string) =>
  scope.getByTestId("job-card").filter({ hasText: location });

test.describe("unscheduled jobs", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a job goes from the tray to a cell and back with Undo (drag and drop)", async ({ page, owner }) => {
    test.skip(isPhone(page), "the phone moves jobs with Move to… (next test)");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await openBoard(page, `/schedule?week=${MONDAY}`);
    const tray = page.getByTestId("unscheduled-tray");
    await expect(tray.getByText("No unscheduled jobs.", { exact: false })).toBeVisible();

    // Add Job can park a job in the tray: only the job's own fields are needed.
    await page.getByRole("button", { name: "Add Job", exact: true }).click();
    const add = modal(page, "Add Job");
    await chooseOption(page, add, "Job type", "Inspection");
    await add.getByLabel("Location").fill("8 Tray Ct");
    await add.getByTestId("save-to-unscheduled").click();
    await expect(page.getByText("Job has been saved to Unscheduled.")).toBeVisible();
    await expect(cardIn(tray, "8 Tray Ct")).toBeVisible();
    await expect(tray.getByRole("heading")).toHaveText(/Unscheduled \(1\)/);

    // Tray -> cell: scheduled at 09:00 on that day; Undo puts it back in the tray.
    const cell = page.getByTestId(`cell-${luis.id}-${WEDNESDAY}`);
    await cardIn(tray, "8 Tray Ct").dragTo(cell);
    await expect(page.getByText("Job scheduled")).toBeVisible();
    await expect(cardIn(cell, "8 Tray Ct")).toBeVisible();
    await expect(cardIn(tray, "8 Tray Ct")).toHaveCount(0);
    await (await undoInToast(page, "8 Tray Ct")).click();
    await expect(page.getByText("Move undone")).toBeVisible();
    await expect(cardIn(tray, "8 Tray Ct")).toBeVisible();
    await expect(cardIn(cell, "8 Tray Ct")).toHaveCount(0);

    // Again onto the cell, then the card back onto the tray; Undo puts it on its day again.
    await closeNotices(page);
    await cardIn(tray, "8 Tray Ct").dragTo(cell);
    await expect(cardIn(cell, "8 Tray Ct")).toBeVisible();
    await closeNotices(page);
    await cardIn(cell, "8 Tray Ct").dragTo(tray);
    await expect(page.getByText("Job unscheduled")).toBeVisible();
    await expect(cardIn(tray, "8 Tray Ct")).toBeVisible();
    await expect(cardIn(cell, "8 Tray Ct")).toHaveCount(0);
    await (await undoInToast(page, "8 Tray Ct")).click();
    await expect(cardIn(cell, "8 Tray Ct")).toBeVisible();
    await expect(cardIn(tray, "8 Tray Ct")).toHaveCount(0);

    // What the server has, after a reload.
    await expect.poll(async () => (await trayJobs(page, owner)).length).toBe(0);
    await openBoard(page, page.url());
    await expect(cardIn(page.getByTestId(`cell-${luis.id}-${WEDNESDAY}`), "8 Tray Ct")).toContainText("9:00");
  });

  test("a job goes from the tray to a day and back with Undo (Move to…)", async ({ page, owner }) => {
    test.skip(!isPhone(page), "the desktop drags (previous test)");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await addTrayJob(page, owner.companyId, "9 Pocket Rd");
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    const tray = page.getByTestId("unscheduled-tray");
    const toggle = page.getByTestId("unscheduled-tray-toggle");
    await expect(toggle).toHaveText(/Unscheduled \(1\)/);
    await toggle.tap();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");

    // Tray -> a day: the job's Move to… offers the board's week, an employee and a time.
    await cardIn(tray, "9 Pocket Rd").tap();
    await (await openedModal(page, "Edit Job")).getByTestId("move-job").tap();
    const move = await openedModal(page, "Move job");
    await move.getByTestId("move-job-day").selectOption(WEDNESDAY);
    await move.getByTestId("move-job-employee").selectOption(luis.id);
    await move.getByTestId("move-job-time").fill("10:30");
    await move.getByTestId("move-job-submit").tap();
    await expect(page.getByText("Job scheduled")).toBeVisible();
    const day = page.getByTestId(`daily-${luis.id}`);
    await expect(cardIn(day, "9 Pocket Rd")).toBeVisible();
    await expect(cardIn(tray, "9 Pocket Rd")).toHaveCount(0);
    await (await undoInToast(page, "9 Pocket Rd")).tap();
    await expect(page.getByText("Move undone")).toBeVisible();
    await expect(cardIn(tray, "9 Pocket Rd")).toBeVisible();
    await expect(cardIn(day, "9 Pocket Rd")).toHaveCount(0);

    // Scheduled again, then back to the tray with Move to… "Unscheduled"; Undo returns it.
    // The toasts sit at the bottom, above the bar: closed first, so the tap reaches the card.
    await closeNotices(page);
    // Each dialog is pressed once it has zoomed in: a tap meanwhile can land beside its button.
    await cardIn(tray, "9 Pocket Rd").tap();
    await (await openedModal(page, "Edit Job")).getByTestId("move-job").tap();
    await (await openedModal(page, "Move job")).getByTestId("move-job-submit").tap();
    await expect(cardIn(day, "9 Pocket Rd")).toBeVisible();
    await cardIn(day, "9 Pocket Rd").tap();
    await (await openedModal(page, "Edit Job")).getByTestId("move-job").tap();
    await openedModal(page, "Move job");
    await move.getByTestId("move-job-day").selectOption("unscheduled");
    await move.getByTestId("move-job-submit").tap();
    await expect(page.getByText("Job unscheduled")).toBeVisible();
    await expect(cardIn(tray, "9 Pocket Rd")).toBeVisible();
    await expect(cardIn(day, "9 Pocket Rd")).toHaveCount(0);
    await (await undoInToast(page, "9 Pocket Rd")).tap();
    await expect(cardIn(day, "9 Pocket Rd")).toBeVisible();
    await expect.poll(async () => (await trayJobs(page, owner)).length).toBe(0);
  });
});

/** A zone whose clock now reads between 10:00 and 20:00: 09:00 is past there, and slots are left. */
function midDayZone(): string {
  const zones = ["Pacific/Kiritimati", "Asia/Tokyo", "Asia/Kolkata", "Europe/London", "America/New_York"];
  const hourIn = (zone: string) => Number(clockIn(new Date(), zone).slice(0, 2));
  return [...zones, "America/Los_Angeles", "Pacific/Honolulu"].find(
    (zone) => hourIn(zone) >= 10 && hourIn(zone) < 20,
  )!;
}

test.describe("a drop on today", () => {
  test("never gets a time already past: the next free slot from now", async ({ page, owner }) => {
    test.skip(isPhone(page), "the desktop drags");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const timeZone = midDayZone();
    // Every day a working day, so today's column shows whatever day it is.
    await api(page, "PUT", `/api/companies/${owner.companyId}/settings`, {
      timeZone,
      workingDays: [1, 2, 3, 4, 5, 6, 7],
    });
    const job = await addTrayJob(page, owner.companyId, "5 Late Ln");
    const today = dateIn(new Date(), timeZone);
    const clock = clockIn(new Date(), timeZone);
    await openBoard(page, `/schedule?week=${today}`);
    await cardIn(page.getByTestId("unscheduled-tray"), "5 Late Ln").dragTo(
      page.getByTestId(`cell-${luis.id}-${today}`),
    );
    await expect(page.getByText("Job scheduled")).toBeVisible();
    const day = `/api/jobs?companyId=${owner.companyId}&startDate=${today}&endDate=${today}`;
    const savedTime = async () =>
      (await api<JobDTO[]>(page, "GET", day)).find((one) => one.id === job.id)?.time;
    await expect.poll(savedTime).toMatch(/^\d\d:(00|15|30|45)$/);
    expect((await savedTime())! >= clock).toBe(true);
  });

  test("keeps a time someone chose, even one already past, and says so", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const timeZone = midDayZone();
    await api(page, "PUT", `/api/companies/${owner.companyId}/settings`, {
      timeZone,
      workingDays: [1, 2, 3, 4, 5, 6, 7],
    });
    const job = await addTrayJob(page, owner.companyId, "6 Early Ln");
    const today = dateIn(new Date(), timeZone);
    await openBoard(page, `/schedule?week=${today}&day=${today}`);
    const tray = page.getByTestId("unscheduled-tray");
    if (isPhone(page)) await page.getByTestId("unscheduled-tray-toggle").click();
    // This morning's emergency, logged late: Move to… today at 07:00.
    await cardIn(tray, "6 Early Ln").click();
    await modal(page, "Edit Job").getByTestId("move-job").click();
    const move = modal(page, "Move job");
    await move.getByTestId("move-job-day").selectOption(today);
    await move.getByTestId("move-job-employee").selectOption(luis.id);
    await move.getByTestId("move-job-time").fill("07:00");
    await move.getByTestId("move-job-submit").click();
    await expect(page.getByText("7:00 AM is already past")).toBeVisible();
    const day = `/api/jobs?companyId=${owner.companyId}&startDate=${today}&endDate=${today}`;
    const saved = (await api<JobDTO[]>(page, "GET", day)).find((one) => one.id === job.id);
    expect(saved).toMatchObject({ date: today, time: "07:00" });
  });
});
