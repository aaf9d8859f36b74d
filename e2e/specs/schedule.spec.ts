import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { fieldMessagesSettled, modal, openBoard, undoInToast } from "../board";
import { addEmployee, api, expect, isPhone, test } from "../fixtures";
import { chooseOption } from "../selects";

/** A 1x1 PNG: a real image for the photo picker. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const THURSDAY = "2031-03-06";

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

/** The card of `location` where the board shows it: the week cell, or the Daily View's person. */
const cardIn = (page: Page, scope: string, location: string) =>
  page.getByTestId(scope).getByTestId("job-card").filter({ hasText: location });

test.describe("weekly schedule", () => {
  // Each test loads the board more than once; on a busy machine a load alone can take 15 s.
  test.describe.configure({ timeout: 120_000 });

  test("adds a job in its cell with its colours, then completes it", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    await expect(page.getByTestId("week-range")).toHaveText("Mar 3 – Mar 8, 2031");
    // A phone opens on the Daily View; a desktop on the Week View.
    const scope = isPhone(page) ? `daily-${luis.id}` : `cell-${luis.id}-${WEDNESDAY}`;
    await expect(page.getByRole("tab", { name: isPhone(page) ? "Daily View" : "Week View" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    await page.getByRole("button", { name: "Add job for Luis Garcia on Wed, Mar 5" }).click();
    const dialog = modal(page, "Add Job");
    await expect(dialog.getByLabel("Date")).toHaveValue(WEDNESDAY);
    // The select's own box (its title); focused, it also has a screen reader's copy of the text.
    await expect(dialog.getByTitle("Luis Garcia")).toBeVisible();
    await dialog.getByRole("button", { name: "Add Job" }).click();
    await expect(dialog.getByText("Job type is required")).toBeVisible();
    await expect(dialog.getByText("Location is required")).toBeVisible();

    await chooseOption(page, dialog, "Job type", "Repair");
    await dialog.getByLabel("Location").fill("42 Cedar Ln");
    await dialog.getByLabel("Time", { exact: true }).fill("14:30");
    await chooseOption(page, dialog, "Payment status", "Paid");
    await dialog.getByLabel("Amount (optional)").fill("120.5");
    await fieldMessagesSettled(dialog);
    await dialog.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Job has been added to the schedule.")).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = cardIn(page, scope, "42 Cedar Ln");
    await expect(card).toContainText("Repair");
    await expect(card).toContainText("2:30 PM");
    await expect(card).toContainText("$120.50");
    await expect(card).toHaveClass(/\brepair\b/);
    await expect(card.getByTestId("job-payment-status")).toHaveAttribute("data-tone", "green");
    await expect(card).toHaveCSS("border-left-color", "rgb(22, 163, 74)");
    await expect(card.getByTestId("job-status-icon")).toHaveAttribute("data-tone", "grey");

    await card.click();
    const edit = modal(page, "Edit Job");
    await expect(edit.getByLabel("Location")).toHaveValue("42 Cedar Ln");
    await expect(edit.getByLabel("Customer email")).toBeVisible();
    await expect(edit.getByTestId("before-photo")).toBeVisible();
    // A photo is stored at once (docs/my-day.md), resized to a JPEG on the way.
    await edit
      .getByTestId("before-photo")
      .locator('input[type="file"]')
      .setInputFiles({ name: "before.png", mimeType: "image/png", buffer: PNG });
    await expect(edit.getByRole("img", { name: "Before photo 1" })).toBeVisible();
    await chooseOption(page, edit, "Job status", "Completed");
    await edit.getByRole("button", { name: "Update Job" }).click();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(card.getByTestId("job-status-icon")).toHaveAttribute("data-tone", "green");
    await expect(card.getByTestId("job-status-icon")).toHaveCSS("color", "rgb(22, 163, 74)");
    const [saved] = await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}`);
    expect(saved.completedAt).not.toBeNull();
    const photo = await page.request.get(saved.beforePhotoUrl ?? "missing");
    expect(photo.headers()["content-type"]).toBe("image/jpeg");

    // Nothing on the page is wider than the screen (the week grid scrolls inside its own box).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("drags a job to another day, offers Undo, and the move survives a reload", async ({ page, owner }) => {
    test.skip(isPhone(page), "drag and drop is for the mouse; the phone moves a job in the next test");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const maria = await addEmployee(page, owner.companyId, "Maria Chen");
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "1 Drag St" });
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "2 Undo Ave", time: "11:00" });
    await openBoard(page, `/schedule?week=${MONDAY}`);

    const from = page.getByTestId(`cell-${luis.id}-${WEDNESDAY}`);
    const target = page.getByTestId(`cell-${maria.id}-${THURSDAY}`);
    await from.getByTestId("job-card").filter({ hasText: "1 Drag St" }).dragTo(target);
    await expect(page.getByText("Job moved")).toBeVisible();
    await expect(target.getByTestId("job-card").filter({ hasText: "1 Drag St" })).toBeVisible();

    await from.getByTestId("job-card").filter({ hasText: "2 Undo Ave" }).dragTo(target);
    await expect(target.getByTestId("job-card").filter({ hasText: "2 Undo Ave" })).toBeVisible();
    // Each move has its own toast: undo the second one only.
    await (await undoInToast(page, "2 Undo Ave")).click();
    await expect(page.getByText("Move undone")).toBeVisible();
    await expect(from.getByTestId("job-card").filter({ hasText: "2 Undo Ave" })).toBeVisible();

    await openBoard(page, page.url());
    await expect(target.getByTestId("job-card").filter({ hasText: "1 Drag St" })).toBeVisible();
    await expect(from.getByTestId("job-card").filter({ hasText: "2 Undo Ave" })).toBeVisible();
    await expect(from.getByTestId("job-card").filter({ hasText: "1 Drag St" })).toHaveCount(0);
  });

  test("on a phone, edits a job to move it to another day", async ({ page, owner }) => {
    test.skip(!isPhone(page), "the desktop moves jobs by dragging (previous test)");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "5 Phone Rd" });
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    await page
      .getByTestId(`daily-${luis.id}`)
      .getByTestId("job-card")
      .filter({ hasText: "5 Phone Rd" })
      .tap();
    const edit = modal(page, "Edit Job");
    await edit.getByLabel("Date").fill(THURSDAY);
    await edit.getByRole("button", { name: "Update Job" }).tap();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(page.getByTestId(`daily-${luis.id}`).getByText("No jobs this day")).toBeVisible();
    await page.getByRole("button", { name: "Next day" }).tap();
    await expect(page.getByTestId("daily-date")).toHaveText("Thursday, Mar 6, 2031");
    await openBoard(page, page.url());
    await expect(cardIn(page, `daily-${luis.id}`, "5 Phone Rd")).toBeVisible();
  });

  test("exports the week as CSV and opens the print window", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await addJob(page, owner.companyId, {
      employeeId: luis.id,
      location: 'Flat 2, "Rose" House',
      description: "=HYPERLINK(evil)",
      customerPhone: "+1 555 0100",
      amount: "95",
      date: "2031-03-09",
    });
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "Next week", date: "2031-03-10" });
    await openBoard(page, `/schedule?week=${MONDAY}`);

    const download = page.waitForEvent("download");
    await page.getByTestId("action-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`schedule-${MONDAY}.csv`);
    const csv = (await readFile(await file.path(), "utf8")).replace(/^\ufeff/, "");
    expect(csv.split("\r\n")).toEqual([
      "Date,Day,Employee,Time,Length (min),Type,Location,Status,Payment Status,Amount,Customer,Customer Email,Customer Phone,Description,Priority,Skills needed,Arrival window,Any time",
      `2031-03-09,Sunday,Luis Garcia,09:00,60,Maintenance,"Flat 2, ""Rose"" House",Scheduled,Pending,95.00,,,'+1 555 0100,'=HYPERLINK(evil),Normal,,,`,
      "",
    ]);
    await expect(page.getByText("Schedule exported")).toBeVisible();

    const popup = page.waitForEvent("popup");
    await page.getByTestId("action-print").click();
    const printWindow = await popup;
    await expect(printWindow.getByRole("heading", { name: "E2E Plumbing — Weekly Schedule" })).toBeVisible();
    await expect(printWindow.getByText('Flat 2, "Rose" House')).toBeVisible();
    await expect(page.getByText("Print window opened")).toBeVisible();
  });

  test("By Employee shows one person's week with counts and total; Quick Templates explains itself", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await addEmployee(page, owner.companyId, "Maria Chen");
    await addJob(page, owner.companyId, { employeeId: luis.id, amount: "100", status: "completed" });
    await addJob(page, owner.companyId, {
      employeeId: luis.id,
      amount: "50.25",
      date: MONDAY,
      location: "Mon Rd",
    });
    await openBoard(page, `/schedule?week=${MONDAY}&view=employee&employee=${luis.id}`);
    await expect(page.getByTestId("stat-jobs")).toHaveText("2");
    await expect(page.getByTestId("stat-completed")).toHaveText("1");
    await expect(page.getByTestId("stat-total")).toHaveText("$150.25");

    await page.getByTestId("action-templates").click();
    const picker = modal(page, "Quick Templates");
    await expect(picker.getByText("No templates yet.")).toBeVisible();
    await picker.getByRole("link", { name: "Go to Templates" }).click();
    await expect(page).toHaveURL(/\/templates$/);
  });

  test("applies a saved template to another week", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await addJob(page, owner.companyId, { employeeId: luis.id, location: "Template St" });
    await api(page, "POST", "/api/templates", {
      companyId: owner.companyId,
      name: "Standard week",
      weekStart: MONDAY,
    });
    await openBoard(page, `/schedule?week=2031-03-10&view=day&day=2031-03-12`);
    await page.getByTestId("action-templates").click();
    const picker = modal(page, "Quick Templates");
    await picker.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Applied template")).toBeVisible();
    await expect(page.getByText("Standard week: 1 job created, 0 skipped")).toBeVisible();
    await expect(cardIn(page, `daily-${luis.id}`, "Template St")).toBeVisible();
  });

  test("another user's change shows on the board within 2 seconds", async ({ page, owner, browser }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const job = await addJob(page, owner.companyId, { employeeId: luis.id, location: "Live Ln" });
    const view = isPhone(page) ? "day" : "week";
    const scope = isPhone(page) ? `daily-${luis.id}` : `cell-${luis.id}-${WEDNESDAY}`;
    await openBoard(page, `/schedule?week=${MONDAY}&view=${view}&day=${WEDNESDAY}`);
    await expect(cardIn(page, scope, "Live Ln")).toBeVisible();
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live");

    // A second browser: its own context (cookies, storage), the same company.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.request.post("/api/login", { data: { email: owner.email, password: owner.password } });
    await otherPage.addInitScript(
      (id) => window.localStorage.setItem("selectedCompanyId", id),
      owner.companyId,
    );
    await openBoard(otherPage, `/schedule?week=${MONDAY}&view=day&day=${WEDNESDAY}`);
    await expect(otherPage.getByTestId("connection-status")).toHaveAttribute("data-status", "live");
    await otherPage.getByTestId(`daily-${luis.id}`).getByTestId("job-card").click();
    const edit = modal(otherPage, "Edit Job");
    await chooseOption(otherPage, edit, "Job status", "In Progress");
    await edit.getByRole("button", { name: "Update Job" }).click();
    await expect(otherPage.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(cardIn(page, scope, "Live Ln").getByTestId("job-status-icon")).toHaveAttribute(
      "data-tone",
      "blue",
      {
        timeout: 2000,
      },
    );

    await api(otherPage, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Emergency",
      location: "Burst Pipe Blvd",
      date: WEDNESDAY,
      time: "07:00",
    });
    await expect(cardIn(page, scope, "Burst Pipe Blvd")).toBeVisible({ timeout: 2000 });
    expect((await otherPage.request.delete(`/api/jobs/${job.id}`)).status()).toBe(204);
    await expect(cardIn(page, scope, "Live Ln")).toHaveCount(0, { timeout: 2000 });
    await other.close();
  });
});
