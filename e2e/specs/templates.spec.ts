import { openedModal } from "../board";
import { addEmployee, api, expect, test } from "../fixtures";

/** yyyy-MM-dd of the Monday `weeks` away from this week (the browser runs in this machine's zone). */
function monday(weeks = 0): string {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7) + weeks * 7);
  return dayString(date);
}

function dayString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(date: string, days: number): string {
  const next = new Date(`${date}T12:00:00`);
  next.setDate(next.getDate() + days);
  return dayString(next);
}

test.describe("Schedule Templates", () => {
  test("a week of 5 jobs becomes a template, and applying it to next week puts 5 jobs there", async ({
    page,
    owner,
  }) => {
    test.slow(); // A whole journey: roster, five jobs, create, apply twice, then the board.
    const people = [];
    for (const name of ["Luis Garcia", "Maria Chen"]) {
      people.push(await addEmployee(page, owner.companyId, name, "green"));
    }
    const thisWeek = monday(0);
    for (let day = 0; day < 5; day++) {
      await api(page, "POST", "/api/jobs", {
        employeeId: people[day % 2].id,
        type: "Maintenance",
        location: `${day + 1}0 Oak St`,
        date: addDays(thisWeek, day),
        time: `0${day + 8}:30`.slice(-5),
        companyId: owner.companyId,
      });
    }

    await page.goto("/templates");
    // The first screen of a test waits longer: a fresh browser loads the whole app.
    await expect(page.getByRole("heading", { name: "Schedule Templates" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("templates-empty")).toContainText("No Templates Yet");

    await page.getByRole("button", { name: "Create Template" }).click();
    const create = page.getByRole("dialog", { name: "Create Template" });
    await expect(create).toContainText("captures the current week");
    await expect(create.getByTestId("week-stepper-label")).toContainText("This week");
    await create.getByLabel("Template Name").fill("Standard week");
    await create.getByLabel("Description").fill("Two techs, one job a day");
    await create.getByTestId("create-template-submit").click();
    await expect(page.getByText("Template created")).toBeVisible();

    const card = page.getByTestId("template-card").filter({ hasText: "Standard week" });
    await expect(card).toContainText("5 jobs");
    await expect(card).toContainText("Two techs, one job a day");
    await expect(card).toContainText("Created");

    await card.getByRole("button", { name: "Apply" }).click();
    // A click on a dialog still zooming in can miss its button (seen on a busy machine).
    const apply = await openedModal(page, 'Apply "Standard week"');
    await expect(apply.getByTestId("week-stepper-label")).toContainText("This week");
    await apply.getByRole("button", { name: "Next week" }).click();
    await expect(apply.getByTestId("week-stepper-label")).toContainText("Next week");
    await apply.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(page.getByText("Applied template")).toBeVisible();
    await expect(page.getByText("Created 5 jobs.")).toBeVisible();

    // The same template on the same week again would double every job: it asks first.
    await card.getByRole("button", { name: "Apply" }).click();
    await openedModal(page, 'Apply "Standard week"');
    await apply.getByRole("button", { name: "Next week" }).click();
    await apply.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(apply).toContainText("already has this template's jobs");
    await expect(apply.getByRole("button", { name: "Apply Again" })).toBeVisible();
    await apply.getByRole("button", { name: "Cancel" }).click();

    const nextWeek = monday(1);
    await page.goto(`/history/${nextWeek}`);
    const grid = page.getByTestId("history-week").getByTestId("week-grid");
    await expect(grid.getByTestId("job-card")).toHaveCount(5, { timeout: 20_000 });
    for (let day = 0; day < 5; day++) {
      await expect(
        page.getByTestId(`cell-${people[day % 2].id}-${addDays(nextWeek, day)}`).getByTestId("job-card"),
      ).toContainText(`${day + 1}0 Oak St`);
    }

    // And on the schedule itself, next week's Week View.
    await page.goto(`/schedule?week=${nextWeek}&view=week`);
    await expect(page.getByTestId("week-grid").getByTestId("job-card")).toHaveCount(5, { timeout: 20_000 });
  });

  test("deleting a template asks first, then the empty state returns", async ({ page, owner }) => {
    await api(page, "POST", "/api/templates", {
      name: "Quiet week",
      companyId: owner.companyId,
      weekStart: monday(0),
    });
    await page.goto("/templates");
    const card = page.getByTestId("template-card").filter({ hasText: "Quiet week" });
    await expect(card).toContainText("0 jobs", { timeout: 20_000 });
    await expect(card).toContainText("No description");
    await card.getByRole("button", { name: "Delete Quiet week" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Template deleted")).toBeVisible();
    await expect(page.getByTestId("templates-empty")).toBeVisible();
  });
});
