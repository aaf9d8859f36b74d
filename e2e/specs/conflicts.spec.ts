import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { modal, openedModal } from "../board";
import { addEmployee, api, expect, type Owner, test } from "../fixtures";
import { memberPage } from "../members";
import { chooseOption } from "../selects";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
/** The Daily View on every screen size: one list per employee. */
const BOARD = `/schedule?week=${MONDAY}&view=day&day=${WEDNESDAY}`;
const FIRST_LOAD = { timeout: 30_000 };
/** A change made in another browser reaches this one through the socket. */
const LIVE = { timeout: 15_000 };

/** Amy Admin, invited by the owner and signed in in a browser of her own with the company selected. */
const addAdmin = (page: Page, owner: Owner, browser: Browser, testInfo: TestInfo) =>
  memberPage(page, owner, "admin", browser, testInfo, { name: { firstName: "Amy", lastName: "Admin" } });

/** Luis Garcia with one job on Wednesday at `location`, 9:00. */
async function seedJob(page: Page, owner: Owner, location: string) {
  const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
  const job = await api<JobDTO>(page, "POST", "/api/jobs", {
    companyId: owner.companyId,
    employeeId: luis.id,
    type: "Repair",
    location,
    date: WEDNESDAY,
    time: "09:00",
  });
  return { luis, job };
}

async function jobsOf(page: Page, owner: Owner) {
  return api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}`);
}

async function openBoard(page: Page) {
  await page.goto(BOARD);
  await expect(page.getByRole("tablist", { name: "Schedule views" })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId("schedule-loading")).toHaveCount(0, FIRST_LOAD);
  await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live", FIRST_LOAD);
}

const cardIn = (page: Page, employeeId: string, location: string) =>
  page.getByTestId(`daily-${employeeId}`).getByTestId("job-card").filter({ hasText: location });

/** Opens Edit Job for the card at `location`. */
async function openJob(page: Page, employeeId: string, location: string): Promise<Locator> {
  await cardIn(page, employeeId, location).click();
  const edit = modal(page, "Edit Job");
  await expect(edit.getByLabel("Location")).toHaveValue(location);
  return edit;
}

test.describe("two people, one job", () => {
  // Two browsers, an invitation through the worker's outbox, and the board loaded twice.
  test.describe.configure({ timeout: 150_000 });

  test("the later save names who changed what; Apply my change saves mine on top of theirs", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { luis } = await seedJob(page, owner, "1 Conflict Rd");
    const admin = await addAdmin(page, owner, browser, testInfo);
    await openBoard(page);
    await openBoard(admin);

    // Both open the same job.
    const ownerEdit = await openJob(page, luis.id, "1 Conflict Rd");
    const adminEdit = await openJob(admin, luis.id, "1 Conflict Rd");

    // The admin saves first: a new location and a later time.
    await adminEdit.getByLabel("Location").fill("2 Admin Ave");
    await adminEdit.getByLabel("Time", { exact: true }).fill("14:30");
    await adminEdit.getByRole("button", { name: "Update Job" }).click();
    await expect(admin.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(cardIn(page, luis.id, "2 Admin Ave")).toBeAttached(LIVE);

    // The owner, still on the form they opened, changes the location only.
    await ownerEdit.getByLabel("Location").fill("3 Owner St");
    await ownerEdit.getByRole("button", { name: "Update Job" }).click();
    const stale = await openedModal(page, "Changed since you opened it");
    await expect(stale).toContainText("Amy Admin changed this job since you opened it.");
    const location = stale.locator('[data-field="location"]');
    await expect(location).toContainText("Location");
    await expect(location).toContainText("2 Admin Ave");
    await expect(location).toContainText("3 Owner St");
    // The time is the admin's change alone: the owner did not touch it, so it is not in question.
    await expect(stale.locator("[data-field]")).toHaveCount(1);
    // What the admin changed is said too, field by field, before and theirs (issue 51).
    const theirs = stale.getByTestId("stale-theirs");
    await expect(theirs.locator("[data-their-field]")).toHaveCount(2);
    await expect(theirs.locator('[data-their-field="location"]')).toContainText(
      /Location\s*Before\s*1 Conflict Rd\s*Theirs\s*2 Admin Ave/,
    );
    await expect(theirs.locator('[data-their-field="time"]')).toContainText(
      /Time\s*Before.*AM\s*Theirs\s*2:30 PM/,
    );

    await stale.getByRole("button", { name: "Apply my change" }).click();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(stale).toBeHidden();
    await expect(ownerEdit).toBeHidden();
    const card = cardIn(page, luis.id, "3 Owner St");
    await expect(card).toBeVisible();
    await expect(card).toContainText("2:30 PM");
    await expect(cardIn(admin, luis.id, "3 Owner St")).toBeVisible(LIVE);

    const [saved] = await jobsOf(page, owner);
    expect(saved).toMatchObject({ location: "3 Owner St", time: "14:30", version: 3 });
    await admin.context().close();
  });

  test("Keep their change drops mine and the board shows theirs", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { luis, job } = await seedJob(page, owner, "1 Conflict Rd");
    const admin = await addAdmin(page, owner, browser, testInfo);
    await openBoard(page);
    const ownerEdit = await openJob(page, luis.id, "1 Conflict Rd");

    // The admin saves from the version both of them saw.
    await api(admin, "PUT", `/api/jobs/${job.id}`, { location: "2 Admin Ave", version: job.version });
    await expect(cardIn(page, luis.id, "2 Admin Ave")).toBeAttached(LIVE);

    await ownerEdit.getByLabel("Location").fill("3 Owner St");
    await chooseOption(page, ownerEdit, "Payment status", "Paid");
    await ownerEdit.getByRole("button", { name: "Update Job" }).click();
    const stale = await openedModal(page, "Changed since you opened it");
    await expect(stale).toContainText("Amy Admin changed this job since you opened it.");
    await expect(stale.locator('[data-field="location"]')).toContainText("2 Admin Ave");
    await expect(stale.locator('[data-field="paymentStatus"]')).toContainText("Paid");

    await stale.getByRole("button", { name: "Keep their change" }).click();
    await expect(stale).toBeHidden();
    await expect(ownerEdit).toBeHidden();
    await expect(cardIn(page, luis.id, "2 Admin Ave")).toBeVisible();
    await expect(cardIn(page, luis.id, "3 Owner St")).toHaveCount(0);

    const [saved] = await jobsOf(page, owner);
    expect(saved).toMatchObject({ location: "2 Admin Ave", paymentStatus: "pending", version: 2 });
    await admin.context().close();
  });
});

test.describe("a create sent twice", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a retry after a lost answer, and a double click, each add one job", async ({ page, owner }) => {
    const { luis } = await seedJob(page, owner, "Existing St");
    await openBoard(page);

    // The first Add Job reaches the server, which makes the job, but its answer is lost.
    const sentKeys: string[] = [];
    let isAnswerLost = false;
    await page.route("**/api/jobs", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.fallback();
      sentKeys.push((await request.headerValue("Idempotency-Key")) ?? "");
      if (isAnswerLost) return route.fallback();
      isAnswerLost = true;
      await route.fetch();
      await route.abort("connectionreset");
    });

    const addButton = page.getByRole("button", { name: "Add job for Luis Garcia on Wed, Mar 5" });
    await addButton.click();
    const dialog = modal(page, "Add Job");
    await chooseOption(page, dialog, "Job type", "Repair");
    await dialog.getByLabel("Location").fill("9 Retry Rd");
    await dialog.getByRole("button", { name: "Add Job" }).click();
    // No answer came: only then is the connection to blame (client/src/lib/errorText.ts).
    await expect(page.getByText("Failed to add job: Check your connection and try again.")).toBeVisible();

    // The same unsaved form, sent again: the same key, so the server answers with the job it made.
    await dialog.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Job has been added to the schedule.")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[0]).not.toBe("");
    expect(sentKeys[1]).toBe(sentKeys[0]);
    await expect(cardIn(page, luis.id, "9 Retry Rd")).toHaveCount(1);
    expect((await jobsOf(page, owner)).filter((job) => job.location === "9 Retry Rd")).toHaveLength(1);
    await page.unroute("**/api/jobs");

    // Save clicked twice in a row.
    await addButton.click();
    await chooseOption(page, dialog, "Job type", "Repair");
    await dialog.getByLabel("Location").fill("10 Double Rd");
    await dialog.getByRole("button", { name: "Add Job" }).dblclick();
    await expect(page.getByText("Job has been added to the schedule.").first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cardIn(page, luis.id, "10 Double Rd")).toHaveCount(1);
    expect((await jobsOf(page, owner)).filter((job) => job.location === "10 Double Rd")).toHaveLength(1);
  });
});
