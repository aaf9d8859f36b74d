/**
 * Booking e-mails to customers (docs/customers.md): the owner turns them
 * on in Company Settings, a job is booked for a customer e-mail, the worker writes the
 * confirmation with its .ics to the outbox (no SMTP_URL in e2e), moving the job on the
 * board writes a second one, and the e-mail's unsubscribe link opens a page that says the
 * customer is unsubscribed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CompanySettingsDTO, JobDTO } from "@sched/shared-types";
import { modal } from "../board";
import { addEmployee, api, e2eDataDir, expect, isPhone, test, uniqueEmail } from "../fixtures";

// The worker's outbox and a first page load on a loaded machine: allow time.
const SLOW = { timeout: 30_000 };

/** Every e-mail the worker wrote to `email`, quoted-printable soft breaks undone. */
function outboxMails(email: string): string[] {
  const outbox = path.join(e2eDataDir(), "outbox");
  const name = email.replace(/[^a-z0-9@._-]+/gi, "_");
  let files: string[] = [];
  try {
    // Named <time>-<address>.eml: sorted by name, oldest first.
    files = readdirSync(outbox)
      .filter((file) => file.endsWith(`-${name}.eml`))
      .sort();
  } catch {
    // The worker has written nothing yet.
  }
  return files.map((file) =>
    readFileSync(path.join(outbox, file), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "="),
  );
}

const MONDAY = "2031-04-07";
const TUESDAY = "2031-04-08";

test("turn notices on, book a job, find the confirmation in the outbox, move it, unsubscribe", async ({
  page,
  owner,
}) => {
  test.slow(); // A settings save, the worker's e-mail and a second page.
  await page.goto("/settings");
  const notices = page.getByRole("switch", { name: "E-mail customers about their visits" });
  await expect(notices).toBeVisible(SLOW);
  await expect(notices).not.toBeChecked();
  await notices.click();
  await page.getByLabel("Reminder time").fill("18:30");
  // A change e-mail waits 10 minutes for the job to settle by default; here it goes at once.
  const settle = page.getByLabel("Wait before a change e-mail (minutes)");
  await expect(settle).toHaveValue("10");
  await settle.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible(SLOW);
  const saved = await api<CompanySettingsDTO>(page, "GET", `/api/companies/${owner.companyId}/settings`);
  expect(saved).toMatchObject({ customerNotices: true, reminderTime: "18:30", noticeSettleMinutes: 0 });

  // Booked over the API as the job dialog would: this spec is about the e-mail, not the dialog.
  const employee = await addEmployee(page, owner.companyId, "Tom Becker", "purple");
  const customerEmail = uniqueEmail("customer");
  await api<JobDTO>(page, "POST", "/api/jobs", {
    companyId: owner.companyId,
    employeeId: employee.id,
    type: "Repair",
    location: "12 Elm Street",
    date: TUESDAY,
    time: "09:30",
    customerEmail,
  });

  await expect
    .poll(() => outboxMails(customerEmail).length, { ...SLOW, message: "the confirmation in the outbox" })
    .toBe(1);
  const [mail] = outboxMails(customerEmail);
  expect(mail).toContain(
    "E2E Plumbing booked your visit (Repair at 12 Elm Street) for Tuesday, April 8, 2031 at 9:30 AM.",
  );
  expect(mail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH; name=visit\.ics/);
  // Sent to the address alone: the link names it (no customer is made after an address).
  const link = mail.match(
    /http:\/\/localhost:\d+\/unsubscribe\/[0-9a-f-]{36}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/,
  )?.[0];
  expect(link).toBeTruthy();

  // Moved on the board: one more confirmation, saying so, with the new time.
  await page.goto(`/schedule?week=${MONDAY}&day=${TUESDAY}`);
  const scope = page.getByTestId(isPhone(page) ? `daily-${employee.id}` : `cell-${employee.id}-${TUESDAY}`);
  await scope.getByTestId("job-card").filter({ hasText: "12 Elm Street" }).click(SLOW);
  const edit = modal(page, "Edit Job");
  await expect(edit.getByLabel("Customer email")).toHaveValue(customerEmail);
  await edit.getByLabel("Time", { exact: true }).fill("11:00");
  await edit.getByRole("button", { name: "Update Job" }).click();
  await expect(page.getByText("Job has been updated successfully.")).toBeVisible(SLOW);
  await expect
    .poll(() => outboxMails(customerEmail).length, { ...SLOW, message: "the second confirmation" })
    .toBe(2);
  expect(outboxMails(customerEmail)[1]).toContain(
    "E2E Plumbing moved your visit (Repair at 12 Elm Street) to Tuesday, April 8, 2031 at 11:00 AM.",
  );

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible(SLOW);
  await expect(page.getByText("You will no longer receive booking e-mails from E2E Plumbing.")).toBeVisible();
  // Opening it again says the same; a made-up link does not.
  await page.reload();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible(SLOW);
  // The customer list holds no one named after the address.
  const customers = await api<{ email: string | null }[]>(
    page,
    "GET",
    `/api/customers?companyId=${owner.companyId}`,
  );
  expect(customers.some((customer) => customer.email === customerEmail)).toBe(false);
  await page.goto("/unsubscribe/not-a-token");
  await expect(page.getByRole("heading", { name: "Link not valid" })).toBeVisible(SLOW);
});

test("a recurring job's customer gets one e-mail with its pattern and next visits; a template's job is confirmed", async ({
  page,
  owner,
}) => {
  test.slow(); // The worker's e-mail.
  await api(page, "PUT", `/api/companies/${owner.companyId}/settings`, {
    customerNotices: true,
    noticeSettleMinutes: 0,
  });
  const employee = await addEmployee(page, owner.companyId, "Tom Becker", "purple");
  const email = uniqueEmail("weekly");
  const customer = await api<{ id: string }>(page, "POST", "/api/customers", {
    companyId: owner.companyId,
    name: "Wes Weekly",
    email,
  });
  await api(page, "POST", "/api/job-series", {
    companyId: owner.companyId,
    employeeId: employee.id,
    type: "Maintenance",
    location: "4 Elm Street",
    time: "09:00",
    startDate: TUESDAY,
    rrule: "FREQ=WEEKLY",
    customerId: customer.id,
  });
  await expect
    .poll(() => outboxMails(email).length, { ...SLOW, message: "the series' e-mail in the outbox" })
    .toBe(1);
  const [mail] = outboxMails(email);
  expect(mail).toContain(
    "E2E Plumbing booked a regular visit (Maintenance at 4 Elm Street): every week on Tuesday at 9:00 AM.",
  );
  expect(mail).toContain("The next visits: Tue, April 8; Tue, April 15; Tue, April 22.");

  // A week saved as a template keeps its customers: applied, each new job is confirmed.
  const regular = uniqueEmail("regular");
  const rita = await api<{ id: string }>(page, "POST", "/api/customers", {
    companyId: owner.companyId,
    name: "Rita Regular",
    email: regular,
  });
  await api(page, "POST", "/api/jobs", {
    companyId: owner.companyId,
    employeeId: employee.id,
    type: "Repair",
    location: "9 Oak Road",
    date: TUESDAY,
    time: "10:00",
    customerId: rita.id,
  });
  const template = await api<{ id: string }>(page, "POST", "/api/templates", {
    companyId: owner.companyId,
    name: "Regulars",
    weekStart: MONDAY,
  });
  await api(page, "POST", `/api/templates/${template.id}/apply`, {
    companyId: owner.companyId,
    weekStart: "2031-04-14",
  });
  await expect
    .poll(() => outboxMails(regular).length, { ...SLOW, message: "the template job's confirmation" })
    .toBe(2);
  expect(outboxMails(regular).join("\n")).toContain(
    "E2E Plumbing booked your visit (Repair at 9 Oak Road) for Tuesday, April 15, 2031 at 10:00 AM.",
  );
});
