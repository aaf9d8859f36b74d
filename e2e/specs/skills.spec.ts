/**
 * Skills (docs/schedule.md, "Skills"), on a desktop and on a phone: the owner names the
 * company's skills in Settings, gives one to an employee on the Employees screen, and a
 * job needing it given to someone without it is flagged on the card and in the dialog,
 * whose employee picker lists who fits first.
 */
import type { JobDTO } from "@sched/shared-types";
import { FIRST_LOAD, modal, openBoard, settled } from "../board";
import { addEmployee, api, expect, isPhone, test } from "../fixtures";
import { chooseOption } from "../selects";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const LIVE = { timeout: 15_000 };

test.describe("skills", () => {
  test.describe.configure({ timeout: 150_000 });

  test("a job needing gas given to someone without it is flagged; the picker lists who has gas first", async ({
    page,
    owner,
  }) => {
    const { companyId } = owner;
    const sam = await addEmployee(page, companyId, "Sam Spade");
    await addEmployee(page, companyId, "Gina Gas");

    // Settings: the company's skills, typed one by one.
    await page.goto("/settings");
    const skillsField = page.getByLabel("Company skills");
    await expect(skillsField).toBeVisible(FIRST_LOAD);
    for (const skill of ["gas", "backflow tester"]) {
      await skillsField.fill(skill);
      await skillsField.press("Enter");
    }
    // The list closes when the page is clicked elsewhere.
    await page.getByRole("heading", { name: "Company Settings" }).click();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    const settings = await api<{ skills: string[] }>(page, "GET", `/api/companies/${companyId}/settings`);
    expect(settings.skills).toEqual(["gas", "backflow tester"]);

    // Employees: Gina holds gas.
    await page.goto("/employees");
    await page.getByRole("button", { name: "Edit Gina Gas" }).click(FIRST_LOAD);
    const edit = await settled(page.getByRole("dialog", { name: "Edit Employee" }));
    await chooseOption(page, edit, "Skills", "gas");
    await edit.getByLabel("Full Name").click();
    await edit.getByTestId("employee-form-submit").click();
    await expect(page.getByText("Employee has been updated")).toBeVisible();
    await expect(page.getByTestId("employee-card").filter({ hasText: "Gina Gas" })).toContainText(
      "Skills: gas",
    );

    // The board: a job needing gas, given to Sam, who does not have it.
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId,
      employeeId: sam.id,
      type: "Installation",
      location: "9 Gas Ln",
      date: WEDNESDAY,
      time: "10:00",
      requiredSkills: ["gas"],
    });
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    const scope = page.getByTestId(isPhone(page) ? `daily-${sam.id}` : `cell-${sam.id}-${WEDNESDAY}`);
    const card = scope.getByTestId("job-card").filter({ hasText: "9 Gas Ln" });
    await expect(card.getByTestId("job-conflict")).toContainText("1 conflict", LIVE);
    await expect(card.getByTestId("job-conflict")).toHaveAttribute(
      "title",
      "1 conflict: Needs gas; Sam Spade does not have it",
    );
    await expect(card.getByTestId("job-required-skills")).toHaveText("Needs gas");

    // The dialog says the same, and its picker lists Gina (has gas) first, Sam marked.
    await card.click();
    const dialog = modal(page, "Edit Job");
    await expect(dialog.getByTestId("job-warnings")).toContainText("Needs gas; Sam Spade does not have it");
    await expect(dialog.getByTestId("job-required-skills")).toContainText("gas");
    await dialog.getByLabel("Employee").click();
    const options = page.locator(".ant-select-dropdown:visible").getByTestId("employee-option");
    await expect(options.first()).toContainText("Gina Gas");
    await expect(options.first().getByTestId("employee-option-fit")).toHaveText("has gas");
    await expect(options.filter({ hasText: "Sam Spade" }).getByTestId("employee-option-fit")).toHaveText(
      "lacks gas",
    );
    // Choosing Gina clears the warning before saving.
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Gina Gas"]').click();
    await expect(dialog.getByTestId("job-warnings")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Update Job" }).click();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible();
    const [saved] = await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${companyId}`);
    expect([saved.requiredSkills, saved.warnings]).toEqual([["gas"], []]);
  });
});
