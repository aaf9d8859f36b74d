/**
 * The newcomer's walk (issue 31) on the embedded default, run only by the "embedded"
 * project (`npm start`'s launcher, the embedded PostgreSQL, web and worker together): sign
 * up, add and open customers, ten jobs, edit, move (what a drag sends), delete, On my way;
 * every answer 2xx, no error on screen, and no error line in the server's log.
 */
import { readFileSync } from "node:fs";
import type { JobDTO } from "@sched/shared-types";
import { openBoard } from "../board";
import { embeddedLogFile } from "../embedded";
import { addEmployee, api, expect, test } from "../fixtures";
import { chooseOption } from "../selects";

const MONDAY = "2031-03-03";
const day = (offset: number) => `2031-03-0${3 + offset}`;

/** Lines of the server's log that say something failed (pino's error and fatal, or plain "Error"). */
function errorLines(): string[] {
  const port = new URL(test.info().project.use.baseURL ?? "").port;
  return readFileSync(embeddedLogFile(port), "utf8")
    .split("\n")
    .filter((line) => {
      if (line.startsWith("{")) {
        try {
          return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
        } catch {
          return false;
        }
      }
      return /\berror\b/i.test(line);
    });
}

/** Texts the app shows when a save or a load failed. */
const FAILURE_TEXTS = /Internal server error|Could not load|Not saved|Failed to/i;

test("the newcomer's walk answers every step without an error", async ({ page, owner }) => {
  test.slow();
  const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
  const maria = await addEmployee(page, owner.companyId, "Maria Chen");

  // A customer and a job booked through the screens, as a person does it.
  await page.goto("/calls");
  await page.getByRole("button", { name: "Log Your First Call" }).click({ timeout: 30_000 });
  const form = page.getByTestId("call-record-form");
  await form.getByLabel("Customer name").fill("Nora Newcomb");
  await form.getByLabel("Phone").fill("(555) 404-5050");
  await form.getByLabel("Address").fill("8 Willow Way");
  await form.getByRole("button", { name: "Log Call" }).click();
  await expect(page.getByText("Call record created successfully")).toBeVisible();
  const card = page.getByTestId("call-card").filter({ hasText: "Nora Newcomb" });
  await card.getByRole("button", { name: "Book Job" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Job" });
  await chooseOption(page, dialog, "Employee", "Luis Garcia");
  await chooseOption(page, dialog, "Job type", "Repair");
  await dialog.getByLabel("Date").fill(MONDAY);
  await dialog.getByLabel("Time", { exact: true }).fill("08:00");
  await dialog.getByRole("button", { name: "Add Job" }).click();
  await expect(page.getByText("Job has been added to the schedule.")).toBeVisible();
  await card.getByTestId("call-customer-link").click();
  await expect(page.getByRole("heading", { name: "Nora Newcomb" })).toBeVisible();

  // More customers, each opened; then nine more jobs, through the API the screens use.
  for (const name of ["Omar Oakes", "Pia Park"]) {
    const customer = await api<{ id: string }>(page, "POST", "/api/customers", {
      companyId: owner.companyId,
      name,
      phone: null,
      email: null,
      address: `${name.length} Elm St`,
      notes: "",
    });
    await page.goto(`/customers/${customer.id}`);
    await expect(page.getByRole("heading", { name })).toBeVisible();
  }
  const jobs: JobDTO[] = [];
  for (let i = 0; i < 9; i++) {
    jobs.push(
      await api<JobDTO>(page, "POST", "/api/jobs", {
        companyId: owner.companyId,
        employeeId: i % 2 === 0 ? luis.id : maria.id,
        type: "Repair",
        location: `${i + 1} Main St`,
        description: `Job ${i + 1}`,
        date: day(i % 5),
        time: `${String(9 + (i % 8)).padStart(2, "0")}:00`,
        status: "scheduled",
        paymentStatus: "pending",
        amount: "120.00",
      }),
    );
  }
  // Edit, move to another person and day (a drag), delete, On my way.
  await api(page, "PUT", `/api/jobs/${jobs[0].id}`, { location: "11 Willow Court" });
  await api(page, "PUT", `/api/jobs/${jobs[1].id}`, { employeeId: luis.id, date: day(4), time: "16:30" });
  const deleted = await page.request.delete(`/api/jobs/${jobs[2].id}`);
  expect(deleted.status(), await deleted.text()).toBeLessThan(300);
  await api(page, "PUT", `/api/jobs/${jobs[3].id}`, { onMyWay: true });

  await openBoard(page, `/schedule?week=${MONDAY}`);
  // Ten jobs booked, one deleted; the edited one shows its new place.
  await expect(page.getByRole("button", { name: /^Repair, / })).toHaveCount(9);
  await expect(page.getByRole("button", { name: /11 Willow Court/ })).toBeVisible();
  await expect(page.getByText(FAILURE_TEXTS)).toHaveCount(0);

  expect(errorLines()).toEqual([]);
});
