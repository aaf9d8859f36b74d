import type { JobDTO } from "@sched/shared-types";
import { modal, openBoard } from "../board";
import { addEmployee, api, expect, isPhone, test } from "../fixtures";
import { chooseOption } from "../selects";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
/** A change made elsewhere reaches this board through the socket. */
const LIVE = { timeout: 15_000 };

test.describe("conflict warnings", () => {
  test.describe.configure({ timeout: 120_000 });

  test("two overlapping jobs for one technician show the warning in the dialog and on the cards", async ({
    page,
    owner,
  }) => {
    const { companyId } = owner;
    await api(page, "PUT", `/api/companies/${companyId}/settings`, { jobTypeDurations: { Repair: 120 } });
    const luis = await addEmployee(page, companyId, "Luis Garcia");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId,
      employeeId: luis.id,
      type: "Plumbing",
      location: "1 Main St",
      date: WEDNESDAY,
      time: "09:00",
      durationMinutes: 90,
    });
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    const scope = page.getByTestId(isPhone(page) ? `daily-${luis.id}` : `cell-${luis.id}-${WEDNESDAY}`);
    const first = scope.getByTestId("job-card").filter({ hasText: "1 Main St" });
    await expect(first).toContainText("9:00 AM–10:30 AM");
    await expect(first.getByTestId("job-conflict")).toHaveCount(0);

    await page.getByRole("button", { name: "Add job for Luis Garcia on Wed, Mar 5" }).click();
    const dialog = modal(page, "Add Job");
    await chooseOption(page, dialog, "Job type", "Repair");
    // The type's default length from Settings.
    await expect(dialog.getByTestId("job-duration")).toContainText("2 h");
    await dialog.getByLabel("Location").fill("12 Oak St");
    await dialog.getByLabel("Time", { exact: true }).fill("11:00");
    await expect(dialog.getByTestId("job-warnings")).toHaveCount(0);
    // Live, before saving: 10:00 overlaps the 09:00–10:30 job.
    await dialog.getByLabel("Time", { exact: true }).fill("10:00");
    const warnings = dialog.getByTestId("job-warnings");
    await expect(warnings).toContainText("Overlaps 09:00–10:30 Plumbing at 1 Main St");
    await expect(warnings).toContainText("1 conflict — you can still save");
    // Starting as the first one ends: no warning. Back to the overlap, and save anyway.
    await dialog.getByLabel("Time", { exact: true }).fill("10:30");
    await expect(warnings).toHaveCount(0);
    await dialog.getByLabel("Time", { exact: true }).fill("10:00");
    await expect(warnings).toBeVisible();
    await dialog.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Job has been added to the schedule.")).toBeVisible();
    await expect(dialog).toBeHidden();

    const second = scope.getByTestId("job-card").filter({ hasText: "12 Oak St" });
    await expect(second).toContainText("10:00 AM–12:00 PM");
    await expect(second.getByTestId("job-conflict")).toContainText("1 conflict", { timeout: 15_000 });
    await expect(first.getByTestId("job-conflict")).toContainText("1 conflict", { timeout: 15_000 });

    // Opening the first job shows its side of the overlap; a later start clears it before saving.
    await first.click();
    const edit = modal(page, "Edit Job");
    await expect(edit.getByTestId("job-warnings")).toContainText("Overlaps 10:00–12:00 Repair at 12 Oak St");
    await edit.getByLabel("Time", { exact: true }).fill("07:00");
    await expect(edit.getByTestId("job-warnings")).toHaveCount(0);
    await edit.getByRole("button", { name: "Update Job" }).click();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(first).toContainText("7:00 AM–8:30 AM");
    await expect(first.getByTestId("job-conflict")).toHaveCount(0, { timeout: 15_000 });
    await expect(second.getByTestId("job-conflict")).toHaveCount(0, { timeout: 15_000 });
  });

  test("a change made elsewhere marks both jobs of an overlap on this board at once, and clears both", async ({
    page,
    owner,
  }) => {
    const { companyId } = owner;
    const luis = await addEmployee(page, companyId, "Luis Garcia");
    const job = (location: string, time: string) =>
      api<JobDTO>(page, "POST", "/api/jobs", {
        companyId,
        employeeId: luis.id,
        type: "Repair",
        location,
        date: WEDNESDAY,
        time,
      });
    await job("1 Main St", "09:00");
    const later = await job("12 Oak St", "13:00");
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live", LIVE);
    const scope = page.getByTestId(isPhone(page) ? `daily-${luis.id}` : `cell-${luis.id}-${WEDNESDAY}`);
    const card = (location: string) => scope.getByTestId("job-card").filter({ hasText: location });
    const marks = scope.getByTestId("job-conflict");
    await expect(card("12 Oak St")).toContainText("1:00 PM–2:00 PM");
    await expect(marks).toHaveCount(0);

    // Someone else moves the later job onto 9:30: this board hears it, nothing is reloaded.
    const moved = await api<JobDTO>(page, "PUT", `/api/jobs/${later.id}`, {
      time: "09:30",
      version: later.version,
    });
    await expect(card("12 Oak St")).toContainText("9:30 AM–10:30 AM", LIVE);
    await expect(card("12 Oak St").getByTestId("job-conflict")).toContainText("1 conflict");
    await expect(card("1 Main St").getByTestId("job-conflict")).toContainText("1 conflict");

    // And deletes it: the overlap ends for the job that stays.
    expect((await page.request.delete(`/api/jobs/${moved.id}`)).status()).toBe(204);
    await expect(card("12 Oak St")).toHaveCount(0, LIVE);
    await expect(marks).toHaveCount(0);
  });

  test("the owner sets working days, hours and default job lengths in Settings", async ({ page, owner }) => {
    await page.goto("/settings");
    await expect(page.getByText("Default job lengths")).toBeVisible({ timeout: 30_000 });
    await page.getByRole("checkbox", { name: "Sun" }).check();
    await page.getByLabel("Workday ends").fill("18:00");
    await chooseOption(page, page.locator(".settings-page"), "Default length of Repair", "1 h 30 min");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    const saved = await api<{ workingDays: number[]; workdayEnd: string; jobTypeDurations: object }>(
      page,
      "GET",
      `/api/companies/${owner.companyId}/settings`,
    );
    expect(saved).toMatchObject({
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      workdayEnd: "18:00",
      jobTypeDurations: { Repair: 90 },
    });
  });
});
