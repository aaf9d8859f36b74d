/**
 * Issue 51's rough edges in settings, the roster and first steps (docs/settings.md,
 * docs/time-off.md, docs/customers.md): one time format per company, working hours picked
 * for several days at once and checked while typing, the first-run checklist first and made
 * of links, the import's drop zone, and the roster's phone and e-mail.
 */
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { FIRST_LOAD, openBoard, settled } from "../board";
import { addEmployee, api, expect, isPhone, test } from "../fixtures";
import { chooseOption } from "../selects";

const WEDNESDAY = "2031-03-05";

test.describe("rough edges of issue 51: settings and roster", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the owner picks 24-hour times in Company Settings and the board says 14:00", async ({
    page,
    owner,
  }) => {
    const pat = await addEmployee(page, owner.companyId, "Pat Plumber");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: pat.id,
      type: "Repair",
      location: "7 Lake Dr",
      date: WEDNESDAY,
      time: "14:00",
    });
    const card = page.getByTestId("job-card").filter({ hasText: "7 Lake Dr" });
    await openBoard(page, `/schedule?week=2031-03-03&view=week`);
    await expect(card).toContainText("2:00 PM", FIRST_LOAD);

    await page.goto("/settings");
    const form = page.locator(".settings-page");
    await expect(page.getByLabel("Time format")).toBeVisible(FIRST_LOAD);
    await expect(form.getByTestId("time-format")).toContainText("As in the country (2:00 PM)");
    await chooseOption(page, form, "Time format", "24-hour (14:00)");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    const saved = await api<{ timeFormat: string | null }>(
      page,
      "GET",
      `/api/companies/${owner.companyId}/settings`,
    );
    expect(saved.timeFormat).toBe("24h");

    await openBoard(page, `/schedule?week=2031-03-03&view=week`);
    await expect(card).toContainText("14:00");
    await expect(card).not.toContainText("PM");
  });

  test("working hours: Mon–Fri in one row, an overlap marked while typing, times shown whole", async ({
    page,
    owner,
  }) => {
    const pat = await addEmployee(page, owner.companyId, "Pat Part");
    await page.goto("/employees");
    await page.getByRole("button", { name: "Edit Pat Part" }).click({ timeout: 30_000 });
    const dialog = await settled(page.getByRole("dialog", { name: "Edit Employee" }));
    await dialog.getByRole("button", { name: "Add working hours" }).click();
    const rows = dialog.getByTestId("availability-row");
    const weekdays = rows.nth(0);
    for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri"]) {
      await expect(weekdays.getByRole("checkbox", { name: day })).toBeChecked();
    }
    await weekdays.getByLabel("From").fill("07:00");
    await weekdays.getByLabel("To").fill("17:00");

    // The next row offers the days left; Wednesday added there clashes with the first row.
    await dialog.getByRole("button", { name: "Add working hours" }).click();
    const weekend = rows.nth(1);
    await expect(weekend.getByRole("checkbox", { name: "Sat" })).toBeChecked();
    await expect(weekend.getByRole("checkbox", { name: "Sun" })).toBeChecked();
    await weekend.getByLabel("From").fill("12:00");
    await weekend.getByLabel("To").fill("13:00");
    await weekend.getByRole("checkbox", { name: "Wed" }).check();
    await expect(weekend).toHaveAttribute("aria-invalid", "true");
    await expect(weekend.getByRole("alert")).toHaveText("Overlaps 7:00 AM–5:00 PM on Wed");
    await expect(weekdays).not.toHaveAttribute("aria-invalid", "true");
    // Saving is refused while a row is at fault: nothing reaches the server.
    await dialog.getByTestId("employee-form-submit").click();
    await expect(dialog).toBeVisible();
    await weekend.getByRole("checkbox", { name: "Wed" }).uncheck();
    await expect(weekend.getByRole("alert")).toHaveCount(0);

    // An end before its start is said at once, on its own row.
    await weekend.getByLabel("To").fill("11:00");
    await expect(weekend.getByRole("alert")).toHaveText("End must be after start");
    await weekend.getByLabel("To").fill("13:00");
    await expect(weekend.getByRole("alert")).toHaveCount(0);

    // Every time box shows its whole text (and its clock button) at this width.
    for (const box of await dialog.locator('input[type="time"]').all()) {
      const fits = await box.evaluate(
        (input: HTMLInputElement) => input.scrollWidth <= input.clientWidth && input.clientWidth >= 110,
      );
      expect(fits).toBe(true);
    }

    await dialog.getByTestId("employee-form-submit").click();
    await expect(page.getByText("Employee has been updated")).toBeVisible();
    const roster = await api<EmployeeDTO[]>(page, "GET", `/api/employees?companyId=${owner.companyId}`);
    expect(roster.find((employee) => employee.id === pat.id)?.availability).toEqual([
      { day: 0, start: "12:00", end: "13:00" },
      { day: 1, start: "07:00", end: "17:00" },
      { day: 2, start: "07:00", end: "17:00" },
      { day: 3, start: "07:00", end: "17:00" },
      { day: 4, start: "07:00", end: "17:00" },
      { day: 5, start: "07:00", end: "17:00" },
      { day: 6, start: "12:00", end: "13:00" },
    ]);
  });

  test("a new owner sees the first-run checklist first, each step a link that looks like one", async ({
    page,
    owner,
  }) => {
    expect(owner.companyId).toBeTruthy();
    await openBoard(page, "/schedule");
    const checklist = page.getByTestId("first-run");
    await expect(checklist).toBeVisible(FIRST_LOAD);
    // Above the board and in the first screenful.
    const box = await checklist.boundingBox();
    const board = await page.locator(".schedule-board").boundingBox();
    const viewport = page.viewportSize();
    if (!box || !board || !viewport) throw new Error("nothing measured");
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.y).toBeLessThan(board.y);

    const steps = isPhone(page) ? ["team", "job", "invite"] : ["team", "job", "invite", "phone"];
    for (const key of steps) {
      const action = page.getByTestId(`first-run-${key}`).locator(".first-run__action");
      await expect(action).toBeVisible();
      const role = key === "job" ? "button" : "link";
      await expect(page.getByTestId(`first-run-${key}`).getByRole(role)).toBeVisible();
      const look = await action.evaluate((element) => {
        const style = getComputedStyle(element);
        return { color: style.color, line: style.textDecorationLine };
      });
      const text = await page
        .getByTestId("first-run")
        .locator(".first-run__title")
        .evaluate((element) => getComputedStyle(element).color);
      expect(look.line).toContain("underline");
      expect(look.color).not.toBe(text);
    }
    await page.getByTestId("first-run-team").getByRole("link").click();
    await expect(page).toHaveURL(/\/employees/);
  });

  test("the customer import takes a CSV through a drop zone that names the accepted types", async ({
    page,
    owner,
  }) => {
    expect(owner.companyId).toBeTruthy();
    await page.goto("/customers");
    await page.getByRole("button", { name: "Import a Spreadsheet" }).click({ timeout: 45_000 });
    const dialog = await settled(page.getByRole("dialog", { name: "Import Customers" }));
    const zone = dialog.getByTestId("import-file");
    await expect(zone).toContainText("Accepted: CSV (.csv)");
    // antd's drop zone, never the browser's raw file button.
    await expect(dialog.locator('input[type="file"]')).toBeHidden();
    await dialog.getByLabel("CSV file").setInputFiles({
      name: "crew.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Name,Phone\nAnn Archer,(555) 100-2000\n"),
    });
    await expect(zone).toContainText("crew.csv · choose another");
    await expect(dialog.getByLabel("CSV text")).toHaveValue(/Ann Archer/);
  });

  test("a technician's phone and e-mail are checked, kept and shown on the roster", async ({
    page,
    owner,
  }) => {
    expect(owner.companyId).toBeTruthy();
    await page.goto("/employees");
    await page.getByRole("button", { name: "Add Employee" }).first().click({ timeout: 30_000 });
    const dialog = await settled(page.getByRole("dialog", { name: "Add Employee" }));
    await dialog.getByLabel("Full Name").fill("Tia Tech");
    await dialog.getByLabel("Phone").fill("call me");
    await dialog.getByLabel("Email").fill("tia@");
    await dialog.getByTestId("employee-form-submit").click();
    await expect(
      dialog.getByText("Phone must be 7 to 20 characters: digits, spaces and + - ( ) ."),
    ).toBeVisible();
    await expect(dialog.getByText("Email must be a valid email address")).toBeVisible();
    await dialog.getByLabel("Phone").fill("555-010-2000");
    await dialog.getByLabel("Email").fill("tia@example.com");
    await dialog.getByTestId("employee-form-submit").click();
    await expect(page.getByText("Employee has been added")).toBeVisible();
    const contact = page
      .getByTestId("employee-card")
      .filter({ hasText: "Tia Tech" })
      .getByTestId("employee-contact");
    await expect(contact.getByRole("link", { name: "555-010-2000" })).toHaveAttribute(
      "href",
      "tel:5550102000",
    );
    await expect(contact.getByRole("link", { name: "tia@example.com" })).toHaveAttribute(
      "href",
      "mailto:tia@example.com",
    );
  });
});
