import type { Browser, Page, TestInfo } from "@playwright/test";
import { type EmployeeDTO, type JobDTO, type TimeOffDTO, weekStartOf } from "@sched/shared-types";
import { openBoard, openedModal, settled } from "../board";
import { addEmployee, api, expect as baseExpect, type Owner, test } from "../fixtures";
import { memberPage } from "../members";

// Another browser's socket carries every change: allow a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });
const FIRST_LOAD = { timeout: 45_000 };
const PHONE = { width: 390, height: 844 };

const pad = (n: number) => String(n).padStart(2, "0");
/** A day from today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Tia, invited as an employee linked to her roster entry, on a phone of her own. */
const technicianOnPhone = (
  page: Page,
  owner: Owner,
  tia: EmployeeDTO,
  browser: Browser,
  testInfo: TestInfo,
) =>
  memberPage(page, owner, "employee", browser, testInfo, {
    employeeId: tia.id,
    name: { firstName: "Tia", lastName: "Tech" },
    context: { viewport: PHONE },
  });

const live = (page: Page) =>
  expect(page.getByTestId("connection-status")).toHaveAttribute("data-status", "live", FIRST_LOAD);

/** Every day is a working day, so the only warning a job can get here is the time off. */
const everyDayWorks = (page: Page, owner: Owner) =>
  api(page, "PUT", `/api/companies/${owner.companyId}/settings`, {
    workingDays: [1, 2, 3, 4, 5, 6, 7],
    workdayStart: "07:00",
    workdayEnd: "19:00",
  });

async function openMyDay(phone: Page, url = "/my-day") {
  await phone.goto(url);
  await expect(phone.getByRole("heading", { name: "My Day" })).toBeVisible(FIRST_LOAD);
  await live(phone);
}

test.describe("time off", () => {
  // Two browsers, an invitation through the worker's outbox, the board and My Day loaded.
  test.describe.configure({ timeout: 180_000 });

  test("a technician asks for a day off on the phone, the office approves it, the board shades it and warns a job dropped there", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== "desktop",
      "the office approves on a desktop and drags a job with the mouse; the technician's phone is opened here",
    );
    const day = dayFromToday(1);
    await everyDayWorks(page, owner);
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    const maria = await addEmployee(page, owner.companyId, "Maria Chen", "purple");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: maria.id,
      date: day,
      time: "10:00",
      type: "Repair",
      location: "5 Drop St",
    });

    // Tia asks for tomorrow off on her phone; My Day shows her hours and the pending request.
    const phone = await technicianOnPhone(page, owner, tia, browser, testInfo);
    await openMyDay(phone);
    await expect(phone.getByTestId("my-availability")).toContainText(
      "Your working hours: Mon–Sun, 7:00 AM–7:00 PM",
    );
    await phone.getByRole("button", { name: "Ask for time off" }).click();
    const ask = await openedModal(phone, "Ask for time off");
    await ask.getByLabel("From").fill(day);
    await ask.getByLabel("To").fill(day);
    await ask.getByLabel("Note").fill("Family wedding");
    await ask.getByTestId("time-off-submit").click();
    await expect(ask).toBeHidden();
    const request = phone.getByTestId("my-time-off-item");
    await expect(request).toHaveAttribute("data-status", "pending");
    await expect(request).toContainText("Pending");

    // The office sees the request on the board, outlined on Tia's day, and approves it.
    await openBoard(page, `/schedule?day=${day}`);
    await live(page);
    const tiasDay = page.getByTestId(`cell-${tia.id}-${day}`);
    await expect(tiasDay).toHaveClass(/has-time-off-pending/);
    await expect(tiasDay.getByTestId("time-off-mark")).toHaveText("Asked off: Vacation");
    const requests = page.getByTestId("time-off-requests");
    await expect(requests).toContainText("Tia Tech");
    await expect(requests).toContainText("Family wedding");
    await requests.getByRole("button", { name: /^Approve Tia Tech's time off/ }).click();
    await expect(requests).toBeHidden();

    // The day is hatched with the kind for the office; Tia's phone says so at once.
    await expect(tiasDay).toHaveClass(/(^| )has-time-off( |$)/);
    await expect(tiasDay.getByTestId("time-off-mark")).toHaveText("Off · Vacation");
    await expect(request).toHaveAttribute("data-status", "approved");
    await expect(phone.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 1 unread");
    await openMyDay(phone, `/my-day?day=${day}`);
    await expect(phone.getByTestId("youre-off")).toContainText("You're off this day (Vacation)");

    // Maria's job dropped on Tia's day moves (warnings never block) and shows the time off.
    await page
      .getByTestId(`cell-${maria.id}-${day}`)
      .getByTestId("job-card")
      .filter({ hasText: "5 Drop St" })
      .dragTo(tiasDay);
    const moved = tiasDay.getByTestId("job-card").filter({ hasText: "5 Drop St" });
    await expect(moved).toBeVisible();
    await expect(moved.getByTestId("job-conflict")).toHaveAttribute("title", /Tia Tech is on time off/);
    // The card moves at once; the server's copy once the move is saved.
    const saved = async () =>
      (
        await api<(JobDTO & { warnings: { code: string }[] })[]>(
          page,
          "GET",
          `/api/jobs?companyId=${owner.companyId}&employeeId=${tia.id}&startDate=${day}&endDate=${day}`,
        )
      )[0]?.warnings.map((warning) => warning.code);
    await expect.poll(saved).toEqual(["time_off"]);

    // The Daily View's timeline hatches Tia's whole day, with its words.
    await page.getByRole("tab", { name: "Daily View" }).click();
    const shade = page.getByTestId(`daily-${tia.id}`).getByTestId("timeline-shade");
    await expect(shade).toHaveAttribute("title", "Off · Vacation");
    await expect(shade).toHaveClass(/timeline-row__time-off/);
  });

  test("approving time off over booked jobs lists them first and re-plans a day; the re-plan's Undo survives a reload", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the office decides on a desktop");
    // Two weeks ahead: another week than the one the board opens on.
    const first = dayFromToday(14);
    const second = dayFromToday(15);
    await everyDayWorks(page, owner);
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    await addEmployee(page, owner.companyId, "Oscar Other", "orange");
    const addJob = (date: string, time: string, location: string) =>
      api<JobDTO>(page, "POST", "/api/jobs", {
        companyId: owner.companyId,
        employeeId: tia.id,
        date,
        time,
        type: "Repair",
        location,
      });
    const oak = await addJob(first, "09:00", "12 Oak Rd");
    await addJob(second, "14:00", "4 Elm St");
    const phone = await technicianOnPhone(page, owner, tia, browser, testInfo);
    const asked = await api<TimeOffDTO>(phone, "POST", "/api/time-off", {
      companyId: owner.companyId,
      employeeId: tia.id,
      startDate: first,
      endDate: second,
      kind: "vacation",
    });
    const oakNow = async () => {
      const jobs = await api<JobDTO[]>(
        page,
        "GET",
        `/api/jobs?companyId=${owner.companyId}&startDate=${first}&endDate=${first}`,
      );
      return jobs.find((job) => job.id === oak.id);
    };
    const timeOffOfTia = () =>
      api<TimeOffDTO[]>(
        page,
        "GET",
        `/api/time-off?companyId=${owner.companyId}&from=${first}&to=${second}&employeeId=${tia.id}`,
      );

    // The bell's entry opens the board at the request's week, not this one.
    await openBoard(page, "/schedule");
    await live(page);
    await page.getByTestId("notification-bell").click();
    await page
      .getByTestId("notification-panel")
      .getByTestId("notification-item")
      .filter({ hasText: "Tia Tech asked for time off (Vacation)" })
      .click();
    await expect(page).toHaveURL(new RegExp(`week=${weekStartOf(first)}`));

    // Approve first shows the jobs booked then; nothing is decided until the office chooses.
    const requests = page.getByTestId("time-off-requests");
    await requests.getByRole("button", { name: /^Approve Tia Tech's time off/ }).click();
    const confirm = await settled(
      page.locator(".ant-modal").filter({ hasText: "Approve Tia Tech's time off?" }),
    );
    const listed = confirm.getByTestId("approve-time-off-job");
    await expect(listed).toHaveCount(2);
    await expect(listed.nth(0)).toContainText("9:00 AM · Repair, 12 Oak Rd");
    await expect(listed.nth(1)).toContainText("2:00 PM · Repair, 4 Elm St");
    expect((await timeOffOfTia()).map((off) => off.status)).toEqual(["pending"]);

    // Approve and re-plan the first day: the sick day's preview opens for Tia on that day.
    await confirm
      .getByRole("button", { name: /^Approve and re-plan / })
      .first()
      .click();
    const dialog = await settled(page.locator(".ant-modal").filter({ hasText: "Mark Tia Tech out on" }));
    await expect(dialog.getByTestId("mark-out-job")).toHaveCount(1);
    await expect(dialog.getByTestId("mark-out-job")).toContainText("12 Oak Rd");
    await expect(requests).toBeHidden();
    expect((await timeOffOfTia()).map((off) => [off.id, off.status])).toEqual([[asked.id, "approved"]]);
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog).toBeHidden();
    expect((await oakNow())?.employeeId).not.toBe(tia.id);
    // The approved vacation is the day off: no second (sick) time off is added.
    expect((await timeOffOfTia()).map((off) => [off.id, off.kind])).toEqual([[asked.id, "vacation"]]);

    // After a reload the toast is gone, but the board still offers the re-plan's Undo.
    await page.reload();
    const undoable = page.getByTestId("undoable-replan");
    await expect(undoable).toContainText("Tia Tech is out on", FIRST_LOAD);
    await expect(undoable).toContainText("1 job re-planned");
    await undoable.getByTestId("undo-replan").click();
    await expect(
      page.locator(".ant-notification-notice").filter({ hasText: "Re-plan undone" }),
    ).toContainText("Tia Tech's jobs are back and their time off stays.");
    await expect(undoable).toHaveCount(0);
    const back = await oakNow();
    expect([back?.employeeId, back?.date, back?.time]).toEqual([tia.id, first, "09:00"]);
    expect((await timeOffOfTia()).map((off) => [off.id, off.status])).toEqual([[asked.id, "approved"]]);
  });

  test("'I'm sick today' on the phone reaches the office at once, which re-plans the day from it", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const today = dayFromToday(0);
    await everyDayWorks(page, owner);
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    await addEmployee(page, owner.companyId, "Oscar Other", "orange");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: tia.id,
      date: today,
      time: "09:00",
      type: "Repair",
      location: "12 Oak Rd",
    });
    // The office's board is open (on this project's screen) before Tia reports.
    await openBoard(page, `/schedule?view=employee&employee=${tia.id}&day=${today}`);
    await live(page);
    await expect(page.getByTestId("time-off-requests")).toHaveCount(0);

    const phone = await technicianOnPhone(page, owner, tia, browser, testInfo);
    await openMyDay(phone);
    await phone.getByRole("button", { name: "I'm sick today" }).click();
    await phone.getByRole("dialog").getByRole("button", { name: "I'm sick", exact: true }).click();
    await expect(phone.getByRole("button", { name: "Sick today: the office knows" })).toBeDisabled();
    await expect(phone.getByTestId("my-time-off-item")).toHaveAttribute("data-status", "pending");

    // The office hears of it in the bell and sees it on the board, outlined, with the re-plan.
    await page.getByTestId("notification-bell").click();
    const entry = page
      .getByTestId("notification-panel")
      .getByTestId("notification-item")
      .filter({ hasText: "Tia Tech asked for time off (Sick)" });
    await expect(entry).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("notification-panel")).toBeHidden();
    const requests = page.getByTestId("time-off-requests");
    await expect(requests).toContainText("Tia Tech");
    await expect(requests).toContainText("Sick");
    await expect(page.getByTestId(`employee-day-${today}`)).toHaveClass(/has-time-off-pending/);
    await expect(requests.getByRole("button", { name: "Re-plan the day" })).toBeVisible();
    // The bell's entry offers the re-plan itself: it opens Mark out… for Tia and today.
    await page.getByTestId("notification-bell").click();
    await page.getByTestId("notification-panel").getByTestId("notification-replan").click();
    await expect(page.getByTestId("notification-panel")).toBeHidden();
    const dialog = await settled(page.locator(".ant-modal").filter({ hasText: "Mark Tia Tech out on" }));
    await expect(dialog.getByTestId("mark-out-job")).toHaveCount(1);
    await expect(dialog.getByTestId("mark-out-job")).toContainText("12 Oak Rd");
  });

  test("the office sets a part-timer's working hours on the employee's form", async ({ page, owner }) => {
    const pat = await addEmployee(page, owner.companyId, "Pat Part");
    await page.goto("/employees");
    await page.getByRole("button", { name: "Edit Pat Part" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Employee" });
    await expect(dialog.getByLabel("Full Name")).toHaveValue("Pat Part", FIRST_LOAD);
    await expect(dialog.getByTestId("availability-row")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Add working hours" }).click();
    const row = dialog.getByTestId("availability-row");
    // A new row holds Mon–Fri: Friday alone is four unticks away.
    for (const day of ["Mon", "Tue", "Wed", "Thu"]) await row.getByRole("checkbox", { name: day }).uncheck();
    await row.getByLabel("To").fill("07:00");
    // Said while typing, before any save.
    await expect(row).toContainText("End must be after start");
    await row.getByLabel("To").fill("12:00");
    await dialog.getByTestId("employee-form-submit").click();
    await expect(page.getByText("Employee has been updated")).toBeVisible();
    const roster = await api<EmployeeDTO[]>(page, "GET", `/api/employees?companyId=${owner.companyId}`);
    expect(roster.find((employee) => employee.id === pat.id)?.availability).toEqual([
      { day: 5, start: "08:00", end: "12:00" },
    ]);
  });
});
