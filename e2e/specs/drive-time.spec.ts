/**
 * Drive time (docs/places.md): two jobs of one technician across town with too little time
 * between them get the travel warning on the cards and in the dialog (live, before saving),
 * the timeline draws the drive and the row's total, and the technician sees the warning on
 * My Day on a phone. Settings' Drive time changes the estimate.
 */
import type { Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { FIRST_LOAD, modal, openBoard } from "../board";
import { addEmployee, api, expect, type Owner, test } from "../fixtures";
import { memberPage } from "../members";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
/** 9.87 km apart: 9.87 x 1.3 / 35 km/h + 5 to park = 27 minutes with the default settings. */
const LOOP = { lat: 41.8781, lng: -87.6298 };
const HYDE_PARK = { lat: 41.7943, lng: -87.5907 };
const PHONE = { width: 390, height: 844 };
const WARNING = "27 min drive from 1 Main St, 15 min between the jobs";

/** Two jobs of `employeeId` on `date`, 15 minutes apart, each pinned to its place. */
async function twoJobsAcrossTown(page: Page, owner: Owner, employeeId: string, date: string) {
  const book = async (location: string, time: string, point: { lat: number; lng: number }) => {
    const job = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId,
      type: "Repair",
      location,
      date,
      time,
      durationMinutes: 60,
    });
    return api<JobDTO>(page, "PUT", `/api/jobs/${job.id}/place`, { companyId: owner.companyId, ...point });
  };
  const first = await book("1 Main St", "09:00", LOOP);
  const second = await book("12 Oak Rd", "10:15", HYDE_PARK);
  return { first, second };
}

/** Today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

test.describe("drive time", () => {
  test.describe.configure({ timeout: 120_000 });

  test("warns on the cards and in the dialog, and the timeline draws the drive", async ({
    page,
    owner,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the office's board on a desktop");
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const { second } = await twoJobsAcrossTown(page, owner, luis.id, WEDNESDAY);
    expect(second.warnings.map((warning) => warning.message)).toContain(WARNING);

    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    const cell = page.getByTestId(`cell-${luis.id}-${WEDNESDAY}`);
    const later = cell.getByTestId("job-card").filter({ hasText: "12 Oak Rd" });
    const earlier = cell.getByTestId("job-card").filter({ hasText: "1 Main St" });
    await expect(later.getByTestId("job-conflict")).toHaveText(/1 conflict/);
    await expect(later.getByTestId("job-conflict")).toHaveAttribute("title", new RegExp(WARNING));
    await expect(earlier.getByTestId("job-conflict")).toHaveAttribute(
      "title",
      /27 min drive to 12 Oak Rd, 15 min between the jobs/,
    );

    // The dialog says the same, live: a later start clears it before saving.
    await later.click();
    const edit = modal(page, "Edit Job");
    await expect(edit.getByTestId("job-warnings")).toContainText(WARNING);
    await edit.getByLabel("Time", { exact: true }).fill("10:45");
    await expect(edit.getByTestId("job-warnings")).toHaveCount(0);
    await edit.getByLabel("Time", { exact: true }).fill("10:15");
    await expect(edit.getByTestId("job-warnings")).toContainText(WARNING);
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(edit).toBeHidden();

    // The timeline: a 27-minute drive before the second job, and the day's total.
    await page.getByRole("tab", { name: "Daily View" }).click();
    const row = page.getByTestId(`daily-${luis.id}`);
    await expect(row.getByRole("img", { name: "27 min drive" })).toBeVisible();
    await expect(row.getByTestId("timeline-drive")).toHaveClass(/is-short/);
    await expect(row.getByTestId("timeline-drive-total")).toContainText("Drive 27m");
    await page.screenshot({ path: testInfo.outputPath("timeline-drive.png") });

    // A faster town (Settings → Drive time): no warning, a shorter drive.
    await page.goto("/settings");
    const card = page.getByTestId("drive-time-settings");
    await expect(card).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId("learned-speed")).toContainText("Not enough trips yet");
    await card.getByLabel("Average speed (km/h)").fill("70");
    await card.getByLabel("Minutes to park").fill("0");
    await card.screenshot({ path: testInfo.outputPath("settings-drive.png") });
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}&view=day`);
    await expect(row.getByRole("img", { name: "11 min drive" })).toBeVisible();
    await expect(row.getByTestId("timeline-drive")).not.toHaveClass(/is-short/);
    await expect(row.getByTestId("job-conflict")).toHaveCount(0);
  });

  test("shows the technician the warning on My Day", async ({ page, owner, browser }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "My Day on a phone");
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    await twoJobsAcrossTown(page, owner, tia.id, today());
    const tech = await memberPage(page, owner, "employee", browser, testInfo, {
      employeeId: tia.id,
      name: { firstName: "Tia", lastName: "Tech" },
      context: { viewport: PHONE },
    });
    await tech.goto("/my-day");
    const jobs = tech.getByTestId("my-day-job");
    await expect(jobs).toHaveCount(2, FIRST_LOAD);
    await expect(jobs.nth(1).getByTestId("my-job-warnings")).toContainText(WARNING);
    await expect(jobs.nth(0).getByTestId("my-job-warnings")).toContainText(
      "27 min drive to 12 Oak Rd, 15 min between the jobs",
    );
  });
});
