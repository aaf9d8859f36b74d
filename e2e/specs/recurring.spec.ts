/**
 * Recurring jobs (docs/schedule.md): a weekly series made in Add Job
 * appears every week for 12 weeks, and an edit saved for "This and following" changes
 * only the later occurrences; the customer's e-mail and phone reach every occurrence and
 * the week's CSV. Desktop and phone alike, on the Daily View.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { CustomerDTO, JobDTO } from "@sched/shared-types";
import { modal, openedModal } from "../board";
import { addEmployee, api, expect, isPhone, test } from "../fixtures";
import { pickOption } from "../selects";

const FIRST_LOAD = { timeout: 30_000 };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => iso(new Date(parse(date).getTime() + days * 86_400_000));
/** "Mon, Mar 3", as the board names a day. */
const dayName = (date: string) => {
  const d = parse(date);
  return `${WEEKDAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};

/** The Monday after today: the series starts there, so every occurrence lies ahead. */
function nextMonday(): string {
  const today = iso(new Date());
  const weekday = parse(today).getUTCDay();
  return addDays(today, ((8 - weekday) % 7) + (weekday === 1 ? 7 : 0));
}

async function openDay(page: Page, day: string) {
  await page.goto(`/schedule?week=${day}&view=day&day=${day}`);
  await expect(page.getByRole("tablist", { name: "Schedule views" })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId("schedule-loading")).toHaveCount(0, FIRST_LOAD);
}

const seriesJobs = async (page: Page, companyId: string) =>
  (await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${companyId}`))
    .filter((job) => job.seriesId)
    .sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""));

test.describe("recurring jobs", () => {
  test.describe.configure({ timeout: 150_000 });

  test("a weekly series appears every week for 12 weeks and an edit with 'following' changes only the later ones", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const start = nextMonday();
    await openDay(page, start);

    // Add Job on the first Monday, repeating weekly; the preview names the next Mondays.
    await page.getByRole("button", { name: `Add job for Luis Garcia on ${dayName(start)}` }).click();
    const add = modal(page, "Add Job");
    await expect(add.getByLabel("Date")).toHaveValue(start);
    await pickOption(
      page,
      add
        .locator(".ant-form-item")
        .filter({ has: page.getByLabel("Job type") })
        .locator(".ant-select"),
      "Maintenance",
    );
    await add.getByLabel("Location").fill("7 Series St");
    await add.getByLabel("Time", { exact: true }).fill("09:00");
    await pickOption(page, add.getByTestId("repeat-kind"), "Weekly");
    const preview = add.getByTestId("repeat-preview");
    await expect(preview).toContainText(dayName(start), FIRST_LOAD);
    await expect(preview).toContainText(dayName(addDays(start, 21)));
    await add.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Recurring job has been added to the schedule.")).toBeVisible();
    await expect(add).toBeHidden();

    // Every Monday for 12 weeks is a job of the series.
    const made = await seriesJobs(page, owner.companyId);
    const mondays = Array.from({ length: 12 }, (_, week) => addDays(start, 7 * week));
    expect(made.slice(0, 12).map((job) => job.date)).toEqual(mondays);
    expect(new Set(made.map((job) => job.seriesId)).size).toBe(1);

    // On the board: the card with its repeat mark, in the first week and the twelfth.
    const day = page.getByTestId(`daily-${luis.id}`);
    const card = day.getByTestId("job-card").filter({ hasText: "7 Series St" });
    await expect(card).toBeVisible();
    await expect(card.getByTestId("job-repeat-icon")).toBeVisible();
    await expect(card).toHaveAttribute("aria-label", /Repeats/);
    await openDay(page, mondays[11]);
    await expect(card).toBeVisible();

    // Week 6 onwards: 11:00, saved for this and the following jobs.
    await openDay(page, mondays[5]);
    await card.click();
    const edit = await openedModal(page, "Edit Job");
    await expect(edit.getByTestId("job-series-note")).toBeVisible();
    await edit.getByLabel("Time", { exact: true }).fill("11:00");
    await edit.getByRole("button", { name: "Update Job" }).click();
    const scope = await openedModal(page, "Change a recurring job");
    await scope.getByRole("radio", { name: "This and following" }).check();
    await scope.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(card).toContainText("11:00");

    const after = await seriesJobs(page, owner.companyId);
    expect(after.filter((job) => job.date && job.date < mondays[5]).map((job) => job.time)).toEqual(
      Array(5).fill("09:00"),
    );
    const later = after.filter((job) => job.date && job.date >= mondays[5]);
    expect(later.length).toBeGreaterThanOrEqual(7);
    expect(later.every((job) => job.time === "11:00")).toBe(true);

    // An earlier week still shows 9:00; a later one 11:00.
    await openDay(page, mondays[4]);
    await expect(card).toContainText("9:00");
    await openDay(page, mondays[9]);
    await expect(card).toContainText("11:00");
  });

  test("the customer's e-mail and phone reach every occurrence and the week's CSV", async ({
    page,
    owner,
  }) => {
    test.skip(isPhone(page), "the export is the desktop's");
    await addEmployee(page, owner.companyId, "Luis Garcia");
    const customer = await api<CustomerDTO>(page, "POST", "/api/customers", {
      companyId: owner.companyId,
      name: "Ada Boiler",
      phone: "555 201 4433",
      email: "ada@example.com",
    });
    const start = nextMonday();
    await openDay(page, start);
    await page.getByRole("button", { name: `Add job for Luis Garcia on ${dayName(start)}` }).click();
    const add = modal(page, "Add Job");
    await pickOption(
      page,
      add
        .locator(".ant-form-item")
        .filter({ has: page.getByLabel("Job type") })
        .locator(".ant-select"),
      "Maintenance",
    );
    await add.getByLabel("Location").fill("7 Series St");
    // The picked customer brings their e-mail and phone into the form.
    await expect(async () => {
      await add.getByTestId("job-customer-picker").click();
      await page.keyboard.type("Ada");
      await page
        .locator(".ant-select-dropdown:visible .ant-select-item-option")
        .filter({ hasText: "Ada Boiler" })
        .click({ timeout: 3000 });
      await expect(add.getByLabel("Customer email")).toHaveValue("ada@example.com", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await pickOption(page, add.getByTestId("repeat-kind"), "Weekly");
    await add.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Recurring job has been added to the schedule.")).toBeVisible();

    const contact = { customerEmail: customer.email, customerPhone: customer.phone };
    const made = await seriesJobs(page, owner.companyId);
    expect(made.length).toBeGreaterThanOrEqual(12);
    for (const job of made) expect(job).toMatchObject(contact);
    // The second week's CSV has them on the occurrence's row.
    const second = addDays(start, 7);
    await page.goto(`/schedule?week=${second}&view=week`);
    await expect(page.getByTestId("schedule-loading")).toHaveCount(0, FIRST_LOAD);
    // The new week's occurrence is on the board, so the export is of that week's jobs.
    await expect(page.getByTestId("job-card").first()).toBeVisible(FIRST_LOAD);
    const download = page.waitForEvent("download");
    await page.getByTestId("action-export").click();
    const csv = await readFile(await (await download).path(), "utf8");
    const row = csv.split("\r\n").find((line) => line.startsWith(second));
    expect(row).toContain(`,${customer.email},${customer.phone},`);
  });
});
