/**
 * Every flow works by keyboard (docs/accessibility.md): sign in, add a job, move a job with
 * "Move to…" (the keyboard alternative to dragging it) and Undo, send a chat message, and
 * the focus goes back to the button that opened a dialog when it closes. Logging a call and
 * inviting a member: keyboard-forms.spec.ts.
 */
import type { Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import {
  addEmployee,
  api,
  freshPage,
  type Owner,
  PASSWORD,
  registerOwner,
  test,
  worksEveryDay,
} from "../fixtures";
import { expect, FIRST_LOAD, tabTo } from "../keyboard";

const pad = (n: number) => String(n).padStart(2, "0");
const isoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const today = () => isoDate(new Date());
/** Monday of this week: a day every view of the board shows (today may be a Sunday). */
const thisMonday = () => {
  const date = new Date();
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return isoDate(date);
};

/** The owner's company's jobs on `date`, as the server has them. */
const jobsOn = (page: Page, owner: Owner, date: string) =>
  api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}&startDate=${date}&endDate=${date}`);

/** Who the job is assigned to now. */
const assigneeOf = async (page: Page, owner: Owner, job: JobDTO) =>
  (await jobsOn(page, owner, job.date ?? "")).find((candidate) => candidate.id === job.id)?.employeeId;

test.describe("keyboard", () => {
  test.slow();

  test("sign in by keyboard", async ({ browser, request }, testInfo) => {
    const owner = await registerOwner(request);
    const page = await freshPage(browser, testInfo);
    await page.goto("/login");
    // The phone's keyboard for an address (docs/accessibility.md).
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await tabTo(page, page.getByLabel("Email"));
    await page.keyboard.type(owner.email);
    await tabTo(page, page.getByLabel("Password", { exact: true }));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).not.toHaveURL(/\/login/, FIRST_LOAD);
  });

  test("add a job by keyboard", async ({ page, owner }) => {
    // The new job goes on today, which the board must show.
    await worksEveryDay(page, owner);
    await addEmployee(page, owner.companyId, "Kim Keys", "green");
    await page.goto("/schedule");
    await tabTo(page, page.getByRole("button", { name: "Add Job", exact: true }));
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Job" });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("combobox", { name: "Employee" }));
    await page.keyboard.type("Kim");
    await page.keyboard.press("Enter");
    await tabTo(page, dialog.getByRole("combobox", { name: "Job type" }));
    // The arrow opens the list on its first type; Enter picks it.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await tabTo(page, dialog.getByLabel("Location"));
    await page.keyboard.type("7 Keyboard Lane");
    await tabTo(page, dialog.getByRole("button", { name: "Add Job" }));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const jobs = await jobsOn(page, owner, today());
    expect(jobs.map((job) => [job.location, job.type])).toContainEqual(["7 Keyboard Lane", "Plumbing"]);
  });

  test("move a job with Move to… and undo it, by keyboard", async ({ page, owner }) => {
    const kim = await addEmployee(page, owner.companyId, "Kim Keys", "green");
    const lee = await addEmployee(page, owner.companyId, "Lee Later", "green");
    const job = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: kim.id,
      date: thisMonday(),
      time: "09:00",
      type: "Repair",
      location: "12 Oak Rd",
    });
    await page.goto(`/schedule?day=${thisMonday()}`);
    const card = page.locator(`[data-testid="job-card"][data-job-id="${job.id}"]`);
    await tabTo(page, card);
    await page.keyboard.press("Enter");
    const edit = page.getByRole("dialog", { name: "Edit Job" });
    await tabTo(page, edit.getByRole("button", { name: "Move to…" }));
    await page.keyboard.press("Enter");

    const move = page.getByRole("dialog", { name: "Move job" });
    await expect(move).toBeVisible();
    await tabTo(page, move.getByLabel("Employee"));
    // A closed select steps to the next option with the arrow keys: Kim Keys -> Lee Later.
    await page.keyboard.press("ArrowDown");
    await expect(move.getByLabel("Employee")).toHaveValue(lee.id);
    await tabTo(page, move.getByRole("button", { name: "Move" }));
    await page.keyboard.press("Enter");
    await expect(move).toBeHidden();
    await expect(page.getByText("Job moved")).toBeVisible();
    await expect.poll(() => assigneeOf(page, owner, job)).toBe(lee.id);
    // One message for the move, as after a drop (docs/accessibility.md).
    await expect(page.locator(".ant-notification-notice")).toHaveCount(1);
    // The focus is back on the card, in its new place.
    await expect(card).toBeFocused();

    // Undo is a button in the toast; a keyboard user reaches it and presses Enter.
    const undo = page.getByTestId("undo-move");
    await undo.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Move undone")).toBeVisible();
    await expect.poll(() => assigneeOf(page, owner, job)).toBe(kim.id);
  });

  test("send a chat message by keyboard", async ({ page, owner: _owner }) => {
    await page.goto("/chat");
    const box = page.getByRole("textbox", { name: "Message" });
    await tabTo(page, box);
    await page.keyboard.type("Typed without a mouse");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("chat-message").filter({ hasText: "Typed without a mouse" })).toBeVisible();
    await expect(box).toHaveValue("");
  });

  test("closing a dialog puts the focus back on the button that opened it", async ({
    page,
    owner: _owner,
  }) => {
    await page.goto("/employees");
    const add = page.getByRole("button", { name: "Add Employee" }).first();
    await tabTo(page, add);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Add Employee" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Add Employee" })).toBeHidden();
    await expect(add).toBeFocused();

    await page.goto("/team");
    const invite = page.getByRole("button", { name: "Invite Team Member" });
    await tabTo(page, invite);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Invite Team Member" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Invite Team Member" })).toBeHidden();
    await expect(invite).toBeFocused();
  });
});
