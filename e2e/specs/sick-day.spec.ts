import type { Browser, Page, TestInfo } from "@playwright/test";
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { openBoard, settled } from "../board";
import { addEmployee, api, expect as baseExpect, type Owner, test } from "../fixtures";
import { memberPage } from "../members";
import { pickOption } from "../selects";

// Another browser's socket carries every change: allow a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });
const FIRST_LOAD = { timeout: 45_000 };
const PHONE = { width: 390, height: 844 };

/** Today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const addJob = (page: Page, owner: Owner, job: Record<string, string>) =>
  api<JobDTO>(page, "POST", "/api/jobs", { companyId: owner.companyId, date: today(), ...job });

/** Oscar, invited as an employee linked to his roster entry, on a phone of his own. */
const colleagueOnPhone = (
  page: Page,
  owner: Owner,
  employee: EmployeeDTO,
  browser: Browser,
  testInfo: TestInfo,
) =>
  memberPage(page, owner, "employee", browser, testInfo, {
    employeeId: employee.id,
    name: { firstName: "Oscar", lastName: "Other" },
    context: { viewport: PHONE },
  });

const live = (page: Page) =>
  expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live", FIRST_LOAD);

test.describe("the sick day", () => {
  // Two browsers, an invitation through the worker's outbox, the board and My Day loaded.
  test.describe.configure({ timeout: 180_000 });

  test("the office marks a technician out, adjusts a move, applies; the colleague's phone follows; Undo puts it back", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== "desktop",
      "the office's desktop and the colleague's phone are set here",
    );
    // Every day is a working day, so "today" always has hours to hand the jobs over in.
    await api(page, "PUT", `/api/companies/${owner.companyId}/settings`, {
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      workdayStart: "07:00",
      workdayEnd: "19:00",
    });
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    const oscar = await addEmployee(page, owner.companyId, "Oscar Other", "orange");
    const vera = await addEmployee(page, owner.companyId, "Vera Vance", "purple");
    await addJob(page, owner, { employeeId: tia.id, type: "Repair", location: "12 Oak Rd", time: "09:00" });
    await addJob(page, owner, {
      employeeId: tia.id,
      type: "Installation",
      location: "4 Elm St",
      time: "13:00",
    });
    // Vera is busy at 09:00: the morning job is proposed to Oscar.
    await addJob(page, owner, { employeeId: vera.id, type: "Repair", location: "7 Busy Ln", time: "09:00" });

    const phone = await colleagueOnPhone(page, owner, oscar, browser, testInfo);
    await phone.goto("/my-day");
    await expect(phone.getByRole("heading", { name: "My Day" })).toBeVisible(FIRST_LOAD);
    await live(phone);
    const oscarsJobs = phone.getByTestId("my-day-job");
    await expect(oscarsJobs).toHaveCount(0);

    // The office opens Tia's week and marks her out for today.
    await openBoard(page, `/schedule?view=employee&employee=${tia.id}&day=${today()}`);
    await live(page);
    await page
      .locator(".employee-day.is-today")
      .getByRole("button", { name: /^Mark Tia Tech out on / })
      .click();
    const dialog = await settled(page.locator(".ant-modal").filter({ hasText: "Mark Tia Tech out on" }));
    const rows = dialog.getByTestId("mark-out-job");
    await expect(rows).toHaveCount(2);
    const morning = rows.filter({ hasText: "12 Oak Rd" });
    const afternoon = rows.filter({ hasText: "4 Elm St" });
    await expect(morning.locator(".ant-select")).toContainText("Oscar Other");
    await expect(morning.getByLabel(/^Time of the/)).toHaveValue("09:00");

    // The office adjusts one move: the afternoon job goes to Oscar too, at 15:00.
    await pickOption(
      page,
      afternoon.getByLabel(/^Who takes the/),
      "Oscar Other",
      afternoon.locator(".ant-select"),
    );
    await afternoon.getByLabel(/^Time of the/).fill("15:00");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    const toast = page.locator(".ant-notification-notice").filter({ hasText: "Tia Tech is out on" });
    await expect(toast).toContainText("2 jobs handed over");

    // Oscar's phone shows both jobs, the afternoon one at its new time, and one bell entry.
    await expect(oscarsJobs).toHaveCount(2);
    await expect(oscarsJobs.filter({ hasText: "4 Elm St" })).toContainText("3:00 PM");
    await expect(phone.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 1 unread");
    // Tia's day on the board is empty now.
    await expect(page.locator(".employee-day.is-today")).toContainText("Nothing booked");

    // Undo puts everything back: Oscar's day empties, Tia's jobs return at their times.
    await toast.getByTestId("undo-mark-out").click();
    await expect(
      page.locator(".ant-notification-notice").filter({ hasText: "Re-plan undone" }),
    ).toBeVisible();
    await expect(oscarsJobs).toHaveCount(0);
    const tiasDay = page.locator(".employee-day.is-today");
    await expect(tiasDay.getByTestId("job-card")).toHaveCount(2);
    await expect(tiasDay).toContainText("12 Oak Rd");
    await expect(tiasDay).toContainText("4 Elm St");
    const jobs = await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&employeeId=${tia.id}&startDate=${today()}&endDate=${today()}`,
    );
    expect(jobs.map((job) => job.time).sort()).toEqual(["09:00", "13:00"]);
  });
});
