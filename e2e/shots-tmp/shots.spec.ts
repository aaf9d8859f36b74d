import type { EmployeeDTO, WeeklyScheduleDTO } from "@sched/shared-types";
import { api, expect, isPhone, test } from "../fixtures";

function dayString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
function monday(weeks = 0): string {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7) + weeks * 7);
  return dayString(date);
}
const addDays = (d: string, n: number) => {
  const x = new Date(`${d}T12:00:00`);
  x.setDate(x.getDate() + n);
  return dayString(x);
};

test("screens", async ({ page, owner }) => {
  const tag = isPhone(page) ? "phone" : "desktop";
  const shot = (name: string) => page.screenshot({ path: `/tmp/x/shots/${tag}-${name}.png`, fullPage: true });
  await page.goto("/employees");
  await expect(page.getByTestId("employees-empty")).toBeVisible();
  await shot("employees-empty");
  const people: EmployeeDTO[] = [];
  for (const [name, initials, avatarColor] of [
    ["Luis Garcia", "LG", "blue"],
    ["Maria Chen", "MC", "green"],
    ["Tom Becker", "TB", "purple"],
    ["Aisha Khan-Wellington the Third", "AK", "orange"],
  ]) {
    people.push(
      await api<EmployeeDTO>(page, "POST", "/api/employees", {
        name,
        initials,
        avatarColor,
        companyId: owner.companyId,
      }),
    );
  }
  await api(page, "PUT", `/api/employees/${people[2].id}`, { isActive: false });
  for (let day = 0; day < 5; day++) {
    await api(page, "POST", "/api/jobs", {
      employeeId: people[day % 2].id,
      type: ["Repair", "Plumbing", "Inspection"][day % 3],
      location: `${day + 1}0 Oak St`,
      date: addDays(monday(0), day),
      time: "09:30",
      amount: day % 2 ? "120" : null,
      companyId: owner.companyId,
    });
  }
  await api(page, "POST", "/api/jobs", {
    employeeId: people[0].id,
    type: "Repair",
    location: "9 Old Rd",
    date: monday(-3),
    time: "10:00",
    companyId: owner.companyId,
  });
  await page.reload();
  await expect(page.getByTestId("employee-card")).toHaveCount(4);
  await shot("employees");
  await page.getByRole("button", { name: "Add Employee" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Employee" });
  await dialog.getByLabel("Initials").fill("ABCD");
  await dialog.getByTestId("employee-form-submit").click();
  await expect(dialog.getByText("Initials must be 3 characters or less")).toBeVisible();
  await shot("employee-add");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Remove Luis Garcia" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("delete-employee-conflict")).toBeVisible();
  await shot("employee-delete");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  await page.goto("/templates");
  await expect(page.getByTestId("templates-empty")).toBeVisible();
  await shot("templates-empty");
  await page.getByRole("button", { name: "Create Template" }).click();
  await page.getByRole("dialog").getByLabel("Template Name").fill("Standard week");
  await shot("template-create");
  await page.getByTestId("create-template-submit").click();
  await api(page, "POST", "/api/templates", {
    name: "Quiet week",
    description: "Holidays: one tech on call all week, nothing else booked.",
    companyId: owner.companyId,
    weekStart: monday(-3),
  });
  await expect(page.getByTestId("template-card")).toHaveCount(2);
  await shot("templates");
  await page
    .getByTestId("template-card")
    .filter({ hasText: "Standard week" })
    .getByRole("button", { name: "Apply" })
    .click();
  await page.getByTestId("apply-template-dialog").getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page.getByTestId("apply-template-dialog")).toContainText("already has");
  await shot("template-apply");

  const weeks = await api<WeeklyScheduleDTO[]>(
    page,
    "GET",
    `/api/weekly-schedules?companyId=${owner.companyId}`,
  );
  await api(page, "PUT", `/api/weekly-schedules/${weeks[weeks.length - 1].id}`, { name: "Holiday rush" });
  await page.goto("/history");
  await expect(page.getByTestId("history-card")).toHaveCount(2);
  await shot("history");
  await page.getByPlaceholder("Search by week date or name").fill("nothing");
  await shot("history-none");
  await page.goto(`/history/${monday(0)}`);
  await expect(page.getByTestId("history-week").getByTestId("job-card")).toHaveCount(5);
  await shot("history-week");
});
