/**
 * Optimize a day (docs/schedule.md): on the Daily View a technician's row menu offers
 * "Optimize route"; the preview lists each move and the minutes saved; Apply moves the jobs
 * at once and a toast offers Undo, which puts the day back; after a reload the day's
 * optimizations are listed above the board with who applied them, each with Undo (a job
 * changed since: nothing undone, and it says so). The job dialog sets the arrival window and
 * "Any time", which the cards show. Desktop and phone alike: on a phone the row menu and
 * "Optimize day" are there too, and the dialog takes the screen's width.
 */
import type { Page } from "@playwright/test";
import type { JobDTO, OptimizePreviewDTO } from "@sched/shared-types";
import { FIRST_LOAD, modal, openBoard } from "../board";
import { addEmployee, api, expect, test } from "../fixtures";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const BOARD = `/schedule?week=${MONDAY}&view=day&day=${WEDNESDAY}`;

/** Luis's Wednesday: home at 8:00, "any time" across town at 10:00, windowed next door at 12:00, each with a pin. */
async function luisDay(page: Page, companyId: string) {
  const luis = await addEmployee(page, companyId, "Luis Garcia");
  const job = async (time: string, location: string, lat: number, extra: object = {}) => {
    const created = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId,
      employeeId: luis.id,
      type: "Maintenance",
      location,
      date: WEDNESDAY,
      time,
      durationMinutes: 60,
      ...extra,
    });
    // A pin where the job is (the places helper's route): the optimizer needs a place.
    return api<JobDTO>(page, "PUT", `/api/jobs/${created.id}/place`, { companyId, lat, lng: -74 });
  };
  await job("08:00", "1 Home St", 40.0);
  const far = await job("10:00", "9 Far Rd", 40.12, { flexible: true });
  const near = await job("12:00", "2 Home St", 40.002, { arrivalWindow: { start: "09:00", end: "13:00" } });
  return { luis, far, near };
}

/** Optimizes Luis's route through the API, as another dispatcher would. */
async function optimizeThroughApi(page: Page, companyId: string, employeeId: string) {
  const preview = await api<OptimizePreviewDTO>(page, "POST", `/api/days/${WEDNESDAY}/optimize`, {
    companyId,
    employeeIds: [employeeId],
  });
  expect(preview.moves).toHaveLength(1);
  await api(page, "POST", `/api/days/${WEDNESDAY}/optimize/apply`, { companyId, moves: preview.moves });
  return preview;
}

const jobsOfDay = (page: Page, companyId: string) =>
  api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${companyId}&startDate=${WEDNESDAY}&endDate=${WEDNESDAY}`);

test.describe("optimize a day", () => {
  test.describe.configure({ timeout: 120_000 });

  test("previews a technician's route, applies it, and Undo puts it back", async ({ page, owner }) => {
    const { luis, far, near } = await luisDay(page, owner.companyId);

    await openBoard(page, BOARD);
    const row = page.getByTestId(`daily-${luis.id}`);
    await expect(row.getByTestId("job-card")).toHaveCount(3);
    await expect(row.getByTestId("job-arrival").filter({ hasText: "Any time" })).toHaveCount(1);
    await expect(row.getByTestId("job-arrival").filter({ hasText: "Arrive 9 AM–1 PM" })).toHaveCount(1);

    // Keyboard: the row's menu opens with Enter, the arrow and Enter choose.
    await row.getByRole("button", { name: /More for Luis Garcia/ }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Optimize route" }).click();
    const dialog = modal(page, "Optimize Luis Garcia's route, Wed, Mar 5");
    await expect(dialog.getByTestId("optimize-saved")).toContainText("of driving");
    // The job next door keeps its 12:00 (inside its window); the one across town goes after it.
    await expect(dialog.getByTestId("optimize-move")).toHaveCount(1);
    await expect(dialog.locator(`[data-job-id="${far.id}"]`)).toContainText("9 Far Rd");
    await dialog.getByTestId("optimize-apply").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Luis Garcia's route on Wed, Mar 5 optimized")).toBeVisible();

    const moved = await jobsOfDay(page, owner.companyId);
    const nearNow = moved.find((candidate) => candidate.id === near.id);
    const farNow = moved.find((candidate) => candidate.id === far.id);
    expect(nearNow?.time).toBe("12:00");
    expect(farNow?.time && farNow.time > "13:00").toBe(true);

    await page.getByTestId("undo-optimize").click();
    await expect(page.getByText("The day is back as it was.")).toBeVisible();
    const back = await jobsOfDay(page, owner.companyId);
    expect(back.find((candidate) => candidate.id === near.id)?.time).toBe("12:00");
    expect(back.find((candidate) => candidate.id === far.id)?.time).toBe("10:00");
  });

  test("after a reload, the day's optimization is listed with who applied it; its Undo puts it back, or says a job changed", async ({
    page,
    owner,
  }) => {
    const { luis, far } = await luisDay(page, owner.companyId);
    const preview = await optimizeThroughApi(page, owner.companyId, luis.id);
    await openBoard(page, BOARD);
    const listed = page.getByTestId("undoable-optimization");
    await expect(listed).toHaveCount(1, FIRST_LOAD);
    await expect(listed).toContainText(/^Optimized at \d{1,2}:\d{2} [AP]M by Olive Owner: 1 job moved/);
    await expect(listed).toContainText(`${preview.savedMinutes} min less driving`);
    await listed.getByTestId("undo-optimization").click();
    await expect(page.getByText("The day is back as it was.")).toBeVisible();
    await expect(listed).toHaveCount(0);
    expect((await jobsOfDay(page, owner.companyId)).find((job) => job.id === far.id)?.time).toBe("10:00");

    // Optimized again, then the job changes: the Undo undoes nothing and says why; the line stays.
    await optimizeThroughApi(page, owner.companyId, luis.id);
    const moved = (await jobsOfDay(page, owner.companyId)).find((job) => job.id === far.id) as JobDTO;
    await api(page, "PUT", `/api/jobs/${far.id}`, {
      companyId: owner.companyId,
      description: "Gate code 1234",
      version: moved.version,
    });
    await page.reload();
    await expect(listed).toHaveCount(1, FIRST_LOAD);
    await listed.getByTestId("undo-optimization").click();
    await expect(
      page.getByText("A job changed since the day was optimized. Nothing was undone."),
    ).toBeVisible();
    await expect(listed).toHaveCount(1);
    expect((await jobsOfDay(page, owner.companyId)).find((job) => job.id === far.id)?.time).toBe(moved.time);
  });

  test("the team's day offers to reassign flexible jobs; the dialog sets a window", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const created = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Maintenance",
      location: "5 Oak Ave",
      date: WEDNESDAY,
      time: "09:00",
      durationMinutes: 60,
    });
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Repair",
      location: "6 Oak Ave",
      date: WEDNESDAY,
      time: "13:00",
      durationMinutes: 60,
    });
    await openBoard(page, BOARD);
    const row = page.getByTestId(`daily-${luis.id}`);
    await row.getByTestId("job-card").filter({ hasText: "5 Oak Ave" }).click();
    const edit = modal(page, "Edit Job");
    await edit.getByTestId("arrival-start").fill("08:00");
    await edit.getByTestId("arrival-end").fill("10:00");
    await edit.getByRole("button", { name: "Update Job" }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByTestId("job-arrival").filter({ hasText: "Arrive 8–10 AM" })).toHaveCount(1);
    const listed = await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&startDate=${WEDNESDAY}&endDate=${WEDNESDAY}`,
    );
    expect(listed.find((job) => job.id === created.id)?.arrivalWindow).toEqual({
      start: "08:00",
      end: "10:00",
    });

    await page.getByTestId("optimize-day").click();
    const dialog = modal(page, "Optimize the day, Wed, Mar 5");
    await expect(dialog.getByRole("switch")).toBeVisible();
    await dialog.getByText("May reassign flexible jobs").click();
    await expect(dialog.getByRole("switch")).toBeChecked();
    // No places set: nothing can move, and the dialog says why.
    await expect(dialog.getByTestId("optimize-nothing")).toBeVisible();
    await expect(dialog.getByTestId("optimize-unplaced")).toContainText("No place");
    await expect(dialog.getByTestId("optimize-apply")).toBeDisabled();
  });
});
