/**
 * The rough edges of issue 51 (docs/schedule.md, docs/my-day.md): Delete's Undo, the
 * stale-change dialog naming what the other person changed, a repeat that ends, several
 * photos at once, On my way asking before it opens maps, and print keeping numbers whole.
 */
import type { Page } from "@playwright/test";
import type { JobDTO, JobPhotoDTO } from "@sched/shared-types";
import { FIRST_LOAD, openBoard, openedModal } from "../board";
import { addEmployee, api, expect, isPhone, test, untilStill } from "../fixtures";
import { memberPage } from "../members";
import { pickOption } from "../selects";

const WEDNESDAY = "2031-03-05";
const MONDAY = "2031-03-03";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function addJob(page: Page, companyId: string, job: Partial<JobDTO> & { employeeId: string }) {
  return api<JobDTO>(page, "POST", "/api/jobs", {
    companyId,
    type: "Repair",
    location: "7 Lake Dr",
    date: WEDNESDAY,
    time: "09:00",
    ...job,
  });
}

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const addDays = (date: string, days: number) =>
  new Date(parse(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** "Mon, Mar 3", as the board names a day. */
const dayName = (date: string) => {
  const d = parse(date);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};
/** The Monday after today: every visit of a series started there lies ahead. */
function nextMonday(): string {
  const now = today();
  const weekday = parse(now).getUTCDay();
  return addDays(now, ((8 - weekday) % 7) + (weekday === 1 ? 7 : 0));
}

/** antd's confirmation (modal.confirm) by its title. */
const confirmation = (page: Page, title: string) =>
  page
    .locator(".ant-modal-confirm")
    .filter({ has: page.locator(".ant-modal-confirm-title", { hasText: title }) });

const boardCard = (page: Page, location: string) =>
  page.getByRole("tabpanel").getByTestId("job-card").filter({ hasText: location });

test.describe("issue 51's rough edges", () => {
  test.slow();

  test("Delete's toast offers Undo, which puts the job back with its id and photos", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const job = await addJob(page, owner.companyId, { employeeId: luis.id, location: "4 Undo Ave" });
    await api(page, "POST", `/api/jobs/${job.id}/photos`, {
      kind: "before",
      photo: `data:image/png;base64,${PNG.toString("base64")}`,
    });
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    await boardCard(page, "4 Undo Ave").click();
    const edit = await openedModal(page, "Edit Job");
    // The dialog's body grows as its photos load: a press before it is still can land beside
    // Delete (CI once saw no confirmation at all).
    await expect(edit.getByTestId("photo-strip-item")).toHaveCount(1);
    await untilStill(page);
    await edit.getByRole("button", { name: "Delete", exact: true }).click();
    // The confirmation zooms in, and moves with its button when the dialog scrolls to show it: a
    // click pressed before it settled was released beside it (seen at both sizes). Scrolled first.
    const confirmDelete = page
      .locator(".ant-popconfirm")
      .getByRole("button", { name: "Delete", exact: true });
    await confirmDelete.scrollIntoViewIfNeeded();
    await untilStill(page);
    await confirmDelete.click();
    await expect(boardCard(page, "4 Undo Ave")).toHaveCount(0);

    const toast = page.locator(".ant-notification-notice").filter({ hasText: "Job deleted" });
    await expect(toast).toContainText("Repair at 4 Undo Ave");
    await toast.getByTestId("undo-delete").click();
    await expect(page.locator(".ant-notification-notice").filter({ hasText: "Job restored" })).toBeVisible();
    await expect(boardCard(page, "4 Undo Ave")).toHaveCount(1);
    const photos = await api<JobPhotoDTO[]>(page, "GET", `/api/jobs/${job.id}/photos`);
    expect(photos).toHaveLength(1);
  });

  test("On my way and the address ask before maps open: Not now stays, Open maps opens a tab", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    await addJob(page, owner.companyId, { employeeId: tia.id, date: today(), location: "9 Way St" });
    const tech = await memberPage(page, owner, "employee", browser, testInfo, { employeeId: tia.id });
    // The maps site is not reached from the test machine: its page is answered here.
    await tech
      .context()
      .route("https://www.google.com/**", (route) =>
        route.fulfill({ contentType: "text/plain", body: "maps" }),
      );
    const opened: string[] = [];
    tech.context().on("page", (other) => opened.push(other.url()));
    await tech.goto("/my-day");
    const card = tech.getByTestId("my-day-job");
    await expect(card).toHaveCount(1, FIRST_LOAD);

    await card.getByRole("button", { name: "On my way" }).click();
    const ask = confirmation(tech, "Directions in maps?");
    await expect(ask).toContainText("9 Way St");
    await expect(card.getByTestId("my-job-on-my-way")).toBeVisible();
    await ask.getByRole("button", { name: "Not now" }).click();
    await expect(ask).toHaveCount(0);
    expect(opened).toEqual([]);

    await card.getByRole("link", { name: "9 Way St" }).click();
    await expect(ask).toBeVisible();
    expect(opened).toEqual([]);
    const popup = tech.context().waitForEvent("page");
    await ask.getByRole("button", { name: "Open maps" }).click();
    const maps = await popup;
    await expect
      .poll(() => maps.url())
      .toContain("https://www.google.com/maps/search/?api=1&query=9%20Way%20St");
  });

  test("Repeat ends after N visits or on a date; the preview stops there and so does the series", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const start = nextMonday();
    await openBoard(page, `/schedule?week=${start}&view=day&day=${start}`);
    await page.getByRole("button", { name: `Add job for Luis Garcia on ${dayName(start)}` }).click();
    const add = await openedModal(page, "Add Job");
    await pickOption(
      page,
      add
        .locator(".ant-form-item")
        .filter({ has: page.getByLabel("Job type") })
        .locator(".ant-select"),
      "Maintenance",
    );
    await add.getByLabel("Location").fill("8 Ending Rd");
    await add.getByLabel("Time", { exact: true }).fill("09:00");
    await pickOption(page, add.getByTestId("repeat-kind"), "Weekly");
    const preview = add.getByTestId("repeat-preview");
    await expect(preview).toContainText(dayName(addDays(start, 21)), FIRST_LOAD);
    await expect(preview).not.toContainText("Then it ends.");

    // On a date: the Monday two weeks on is the last (inclusive).
    await pickOption(page, add.getByTestId("repeat-end-kind"), "On a date");
    await add.getByLabel("End date").fill(addDays(start, 14));
    await expect(preview).toHaveText(
      `Next: ${[0, 7, 14].map((days) => dayName(addDays(start, days))).join(" · ")}. Then it ends.`,
    );
    // After 2 visits.
    await pickOption(page, add.getByTestId("repeat-end-kind"), "After");
    await add.getByLabel("Number of visits").fill("2");
    await expect(preview).toHaveText(
      `Next: ${dayName(start)} · ${dayName(addDays(start, 7))}. Then it ends.`,
    );
    // The Repeat part fits the dialog: nothing runs off its right edge (a 320-390 px phone too).
    const repeat = add.getByTestId("repeat-field");
    expect(await repeat.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    await add.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Recurring job has been added to the schedule.")).toBeVisible();
    const made = (await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}`)).filter(
      (job) => job.seriesId && job.employeeId === luis.id,
    );
    expect(made.map((job) => job.date).sort()).toEqual([start, addDays(start, 7)]);
  });

  test("several photos at once go up side by side; a failed one is retried alone", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    const job = await addJob(page, owner.companyId, {
      employeeId: tia.id,
      date: today(),
      location: "12 Many Rd",
    });
    const tech = await memberPage(page, owner, "employee", browser, testInfo, { employeeId: tia.id });
    // The sends are held until all three have started (none would if they went one by one);
    // the first to arrive then fails, the others go through.
    let sent = 0;
    let allStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      allStarted = resolve;
    });
    await tech.route(`**/api/jobs/${job.id}/photos`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      sent += 1;
      const turn = sent;
      if (turn > 3) return route.continue();
      if (turn === 3) allStarted();
      await started;
      if (turn === 1) {
        return route.fulfill({ status: 500, json: { message: "Internal server error", code: "internal" } });
      }
      return route.continue();
    });
    await tech.goto("/my-day");
    const card = tech.getByTestId("my-day-job");
    await expect(card).toHaveCount(1, FIRST_LOAD);
    const before = card.getByTestId("my-job-before-photo");
    await before
      .locator('input[type="file"]')
      .setInputFiles([1, 2, 3].map((n) => ({ name: `before-${n}.png`, mimeType: "image/png", buffer: PNG })));
    // Each shows its own state while the three are held in flight together.
    await expect(before.getByTestId("photo-upload")).toHaveCount(3);

    const failed = before.locator('[data-testid="photo-upload"][data-state="failed"]');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText("Not added");
    await expect(before.getByTestId("photo-upload")).toHaveCount(1);
    await expect(before.getByTestId("my-job-before-photo-count")).toHaveText("3 / 10");
    expect((await api<JobPhotoDTO[]>(page, "GET", `/api/jobs/${job.id}/photos`)).length).toBe(2);

    await failed.getByRole("button", { name: /^Retry before photo/ }).click();
    await expect(before.getByTestId("photo-upload")).toHaveCount(0);
    await expect(before.getByTestId("photo-strip-item")).toHaveCount(3);
    // Three sends and one retry: the two that went through were not sent again.
    expect(sent).toBe(4);
    expect((await api<JobPhotoDTO[]>(page, "GET", `/api/jobs/${job.id}/photos`)).length).toBe(3);
  });

  test("Print keeps a phone number whole on a narrow sheet", async ({ page, owner }) => {
    test.skip(isPhone(page), "Print Schedule is the office's, on a computer");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await addJob(page, owner.companyId, {
      employeeId: luis.id,
      location: "5 Print St",
      customerPhone: "+1 (555) 010-0199",
    });
    await openBoard(page, `/schedule?week=${MONDAY}`);
    const popup = page.waitForEvent("popup");
    await page.getByTestId("action-print").click();
    const sheet = await popup;
    // Seven day columns on a 600 px sheet: about 70 px a day, narrower than the number.
    await sheet.setViewportSize({ width: 600, height: 800 });
    const phone = sheet.locator(".customer .phone");
    await expect(phone).toHaveText("+1 (555) 010-0199");
    // One line box: a number broken over two lines would have two.
    expect(await phone.evaluate((el) => el.getClientRects().length)).toBe(1);
    await sheet.close();
  });
});
