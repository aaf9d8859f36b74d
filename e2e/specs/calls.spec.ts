import type { Page } from "@playwright/test";
import type { CallRecordDTO, JobDTO } from "@sched/shared-types";
import { addEmployee, api, expect, isPhone, test, untilStill } from "../fixtures";
import { chooseOption } from "../selects";

/** A day well ahead for the booked job, so "today" never changes what the board shows. */
const JOB_MONDAY = "2031-03-03";
const JOB_DAY = "2031-03-05";

/** Local date and time now: the browser runs on this machine, in its time zone, as the form does. */
function localNow() {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
  };
}

/** Opens the call log; the first screen of a freshly started app can take a while on a busy machine. */
async function openCallLog(page: Page) {
  await page.goto("/calls");
  await expect(page.getByTestId("call-count")).toBeVisible({ timeout: 20_000 });
}

test.describe("call log", () => {
  // Each test is a whole user journey of many steps.
  test.slow();

  test("log a call, see the count, edit it, and delete it after the confirmation", async ({
    page,
    owner,
  }) => {
    expect(owner.companyId).toBeTruthy();
    await openCallLog(page);
    await expect(page.getByRole("heading", { name: "Call Log" })).toBeVisible();
    await expect(page.getByTestId("call-count")).toHaveText("0 calls logged today");

    await page.getByRole("button", { name: "Log Your First Call" }).click();
    const form = page.getByTestId("call-record-form");
    await expect(form.getByText("Log Call Record")).toBeVisible();
    // New records default to the current date and time.
    const now = localNow();
    await expect(form.getByLabel("Date")).toHaveValue(now.date);
    await expect(form.getByLabel("Time", { exact: true })).toHaveValue(/^\d{2}:\d{2}$/);

    // The client shows the server's words for a bad field.
    await form.getByLabel("Phone").fill("12-34");
    // The phone's message folds open under it and pushes "Log Call" down: aim once it stopped.
    await expect(form.getByText(/^Customer phone must be/)).toBeVisible();
    await untilStill(page);
    await form.getByRole("button", { name: "Log Call" }).click();
    await expect(form.getByText("Customer name is required")).toBeVisible();
    await expect(
      form.getByText("Customer phone must be 7 to 20 characters: digits, spaces and + - ( ) ."),
    ).toBeVisible();

    await form.getByLabel("Customer name").fill("Jane Doe");
    await form.getByLabel("Phone").fill("(555) 123-4567");
    await form.getByLabel("Email").fill("jane@example.com");
    await form.getByLabel("Address").fill("12 Elm St");
    // The fixed fields' messages fold away and the choices below them move up: a click
    // aimed before they stopped can land beside "Estimate".
    await expect(form.getByText("Customer name is required")).toBeHidden();
    await expect(form.getByText(/^Customer phone must be/)).toBeHidden();
    await untilStill(page);
    await form.getByText("Estimate").click();
    await expect(form.getByRole("radio", { name: "Estimate" })).toBeChecked();
    await form.getByLabel("Notes").fill("Kitchen tap drips");
    await form.getByRole("button", { name: "Log Call" }).click();

    await expect(page.getByText("Call record created successfully")).toBeVisible();
    await expect(form).toBeHidden();
    await expect(page.getByTestId("call-count")).toHaveText("1 call logged today");
    const card = page.getByTestId("call-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Jane Doe");
    await expect(card).toContainText("Estimate");
    await expect(card).toContainText("12 Elm St");
    await expect(card).toContainText("Kitchen tap drips");

    await card.getByRole("button", { name: "Edit call from Jane Doe" }).click();
    await expect(form.getByText("Edit Call Record")).toBeVisible();
    await expect(form.getByLabel("Customer name")).toHaveValue("Jane Doe");
    await form.getByLabel("Phone").fill("555 987 6543");
    await form.getByLabel("Email").fill("");
    await form.getByRole("button", { name: "Update Call" }).click();
    await expect(page.getByText("Call record updated successfully")).toBeVisible();
    await expect(card).toContainText("555 987 6543");
    await expect(card).not.toContainText("jane@example.com");

    // Closing resets the form: the next one is a fresh call in create mode.
    await card.getByRole("button", { name: "Edit call from Jane Doe" }).click();
    await form.getByRole("button", { name: "Cancel" }).click();
    await expect(form).toBeHidden();
    await page.getByRole("button", { name: "Log Call" }).click();
    await expect(form.getByText("Log Call Record")).toBeVisible();
    await expect(form.getByLabel("Customer name")).toHaveValue("");
    await form.getByRole("button", { name: "Cancel" }).click();

    await card.getByRole("button", { name: "Delete call from Jane Doe" }).click();
    await expect(page.getByText("Are you sure you want to delete this call record?")).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Call record deleted successfully")).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(page.getByTestId("call-count")).toHaveText("0 calls logged today");
    await expect(page.getByRole("button", { name: "Log Your First Call" })).toBeVisible();
  });

  test("Previous Day and Next Day show each day's calls; a call logged elsewhere appears live", async ({
    page,
    owner,
  }) => {
    await openCallLog(page);
    const now = localNow();
    const yesterday = new Date(`${now.date}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const yesterdayDate = yesterday.toISOString().slice(0, 10);
    await api(page, "POST", "/api/call-records", {
      companyId: owner.companyId,
      customerName: "Yesterday Caller",
      customerPhone: "555-010-0101",
      callDate: yesterdayDate,
      callTime: "16:20",
    });

    await expect(page.getByTestId("call-count")).toHaveText("0 calls logged today");
    await page.getByRole("button", { name: "Previous Day" }).click();
    await expect(page).toHaveURL(new RegExp(`date=${yesterdayDate}`));
    await expect(page.getByTestId("call-count")).toHaveText("1 call logged this day");
    await expect(page.getByTestId("call-card")).toContainText("Yesterday Caller");
    await expect(page.getByTestId("call-card")).toContainText("4:20 PM");

    await page.getByRole("button", { name: "Next Day" }).click();
    await expect(page.getByTestId("call-count")).toHaveText("0 calls logged today");

    // Another dispatcher logs a call: it reaches this screen through the realtime event.
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live");
    await api(page, "POST", "/api/call-records", {
      companyId: owner.companyId,
      customerName: "Live Caller",
      customerPhone: "555-010-0102",
      callDate: now.date,
      callTime: now.time,
    });
    await expect(page.getByTestId("call-card")).toContainText("Live Caller");
    await expect(page.getByTestId("call-count")).toHaveText("1 call logged today");

    const notes = page.getByRole("textbox", { name: "Day notes" });
    await notes.fill("Call Live Caller back after 3 PM");
    await page.getByRole("button", { name: "Save Notes" }).click();
    await expect(page.getByText("Day notes saved")).toBeVisible();
    await openCallLog(page);
    await expect(page.getByRole("textbox", { name: "Day notes" })).toHaveValue(
      "Call Live Caller back after 3 PM",
    );
  });

  test("day notes being typed stay when someone else saves or logs a call; Use Their Notes takes theirs", async ({
    page,
    owner,
  }) => {
    await openCallLog(page);
    const now = localNow();
    await expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live");
    const notes = page.getByRole("textbox", { name: "Day notes" });
    await notes.fill("Order a 3/4 inch valve");

    // Another dispatcher logs a call: the day's count changes, the typing stays.
    await api(page, "POST", "/api/call-records", {
      companyId: owner.companyId,
      customerName: "Busy Caller",
      customerPhone: "555-010-0103",
      callDate: now.date,
      callTime: now.time,
    });
    await expect(page.getByTestId("call-count")).toHaveText("1 call logged today");
    await expect(notes).toHaveValue("Order a 3/4 inch valve");

    // Another dispatcher saves the day's notes: the typing stays, with a notice.
    const query = new URLSearchParams({ companyId: owner.companyId, date: now.date });
    await api(page, "PUT", `/api/daily-calls?${query}`, { notes: "Call Mrs. Lee back" });
    const notice = page.getByText(
      "Someone else saved these notes while you were typing. Save Notes replaces their version with yours.",
    );
    await expect(notice).toBeVisible();
    await expect(notes).toHaveValue("Order a 3/4 inch valve");

    await page.getByRole("button", { name: "Use Their Notes" }).click();
    await expect(notes).toHaveValue("Call Mrs. Lee back");
    await expect(notice).toBeHidden();
    await expect(page.getByRole("button", { name: "Save Notes" })).toBeDisabled();

    // Their notes with an addition, saved from here.
    await notes.fill("Call Mrs. Lee back. Order a 3/4 inch valve");
    await page.getByRole("button", { name: "Save Notes" }).click();
    await expect(page.getByText("Day notes saved")).toBeVisible();
    await expect(notice).toBeHidden();
    await expect(page.getByRole("button", { name: "Save Notes" })).toBeDisabled();
  });

  test("book a job from a call: the job is on the board with the customer's details", async ({
    page,
    owner,
  }) => {
    const now = localNow();
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const call = await api<CallRecordDTO>(page, "POST", "/api/call-records", {
      companyId: owner.companyId,
      customerName: "Rita Moreno",
      customerPhone: "(555) 300-7000",
      customerEmail: "rita@example.com",
      customerAddress: "77 Sunset Blvd",
      notes: "Water heater leaking",
      callDate: now.date,
      callTime: now.time,
    });

    await openCallLog(page);
    const card = page.getByTestId("call-card").filter({ hasText: "Rita Moreno" });
    await expect(card.getByTestId("job-booked")).toHaveCount(0);
    await card.getByRole("button", { name: "Book Job" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Job" });
    await expect(dialog.getByLabel("Location")).toHaveValue("77 Sunset Blvd");
    // The customer is linked, not written into the description.
    await expect(dialog.getByLabel("Description (optional)")).toHaveValue("Water heater leaking");
    await expect(dialog.getByLabel("Customer phone")).toHaveValue("(555) 300-7000");
    await expect(dialog.getByLabel("Customer email")).toHaveValue("rita@example.com");

    await chooseOption(page, dialog, "Employee", "Luis Garcia");
    await chooseOption(page, dialog, "Job type", "Repair");
    await dialog.getByLabel("Date").fill(JOB_DAY);
    await dialog.getByLabel("Time", { exact: true }).fill("10:30");
    await dialog.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Job has been added to the schedule.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId("job-booked")).toHaveText("Job booked");
    await expect(card.getByRole("button", { name: "Book Another Job" })).toBeVisible();

    const [job] = await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&startDate=${JOB_DAY}&endDate=${JOB_DAY}`,
    );
    expect(job).toMatchObject({
      callRecordId: call.id,
      employeeId: luis.id,
      location: "77 Sunset Blvd",
      customerPhone: "(555) 300-7000",
      customerEmail: "rita@example.com",
    });

    await page.goto(`/schedule?week=${JOB_MONDAY}&day=${JOB_DAY}`);
    const scope = isPhone(page) ? `daily-${luis.id}` : `cell-${luis.id}-${JOB_DAY}`;
    const jobCard = page.getByTestId(scope).getByTestId("job-card").filter({ hasText: "77 Sunset Blvd" });
    await expect(jobCard).toContainText("Repair");
    await expect(jobCard).toContainText("10:30 AM");
    await jobCard.click();
    const edit = page.getByRole("dialog", { name: "Edit Job" });
    await expect(edit.getByLabel("Customer phone")).toHaveValue("(555) 300-7000");
    await expect(edit.getByLabel("Customer email")).toHaveValue("rita@example.com");
    await expect(edit.getByLabel("Description (optional)")).toHaveValue("Water heater leaking");
  });
});
