/**
 * The Daily View's timeline around its blocks (docs/schedule.md):
 * the hours widen to every job of the day, a deactivated technician who works that day has
 * a marked row, today has a line for "now", "On my way" shows on the block live, and on a
 * phone the hours scroll under fixed names and a long press drags a block.
 */
import type { Page } from "@playwright/test";
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { openBoard } from "../board";
import { addEmployee, api, expect, isPhone, type Owner, test, worksEveryDay } from "../fixtures";
import { blockIn, boxOf, hourScale, nextSave } from "../timeline";

const pad = (value: number) => String(value).padStart(2, "0");
/** The browser's today (the board's days are the browser's). */
const today = () => {
  const date = new Date();
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

type JobInput = { employeeId: string; location: string; time: string; durationMinutes: number; date: string };

const addJob = (page: Page, owner: Owner, job: JobInput) =>
  api<JobDTO>(page, "POST", "/api/jobs", { companyId: owner.companyId, type: "Repair", ...job });

/** Luis, and Alex who has a job that day and is then deactivated. */
async function twoTechnicians(page: Page, owner: Owner): Promise<{ luis: EmployeeDTO; alex: EmployeeDTO }> {
  const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
  const alex = await addEmployee(page, owner.companyId, "Alex Kim", "purple");
  return { luis, alex };
}

test.describe("the timeline's day", () => {
  test.describe.configure({ timeout: 120_000 });

  test("spans every job of the day, marks an inactive technician's row, draws now, shows On my way live", async ({
    page,
    owner,
  }) => {
    const day = today();
    // Today is a working day, so the inactive technician's job has that one conflict only.
    await worksEveryDay(page, owner);
    const { luis, alex } = await twoTechnicians(page, owner);
    // From midnight to midnight: whatever the hour the test runs, "now" is on the timeline.
    const early = await addJob(page, owner, {
      employeeId: luis.id,
      location: "1 Dawn St",
      time: "00:00",
      durationMinutes: 60,
      date: day,
    });
    await addJob(page, owner, {
      employeeId: luis.id,
      location: "2 Dusk St",
      time: "23:00",
      durationMinutes: 60,
      date: day,
    });
    await addJob(page, owner, {
      employeeId: alex.id,
      location: "3 Gone Rd",
      time: "10:00",
      durationMinutes: 60,
      date: day,
    });
    await api(page, "PUT", `/api/employees/${alex.id}`, { isActive: false });
    await openBoard(page, `/schedule?view=day&day=${day}`);

    // The workday is 07:00-19:00; the jobs widen it to the whole day.
    const hours = page.getByTestId("timeline-hour");
    await expect(hours).toHaveCount(24);
    await expect(hours.first()).toHaveText("12 AM");
    await expect(hours.last()).toHaveText("11 PM");

    // Alex is off the roster but works today: a row after the roster's, marked, taking no drops.
    const alexRow = page.getByTestId(`daily-${alex.id}`);
    await expect(alexRow).toHaveAttribute("aria-label", "Alex Kim (inactive)");
    await expect(alexRow.locator(".timeline-row__inactive")).toHaveText("Inactive");
    await expect(alexRow).toHaveAttribute("data-accepts", "false");
    await expect(blockIn(page, alex.id, "3 Gone Rd")).toBeVisible();
    await expect(blockIn(page, alex.id, "3 Gone Rd").getByTestId("job-conflict")).toHaveText("1 conflict");

    // The now line stands at the browser's minute.
    const now = page.getByTestId("timeline-now");
    const { hour, x0 } = await hourScale(page);
    const line = await now.boundingBox();
    const minute = await page.evaluate(() => new Date().getHours() * 60 + new Date().getMinutes());
    if (!line) throw new Error("no now line");
    // Within two minutes (the line moves each minute) and a pixel or two of rounding.
    expect(Math.abs(line.x - (x0 + (minute / 60) * hour))).toBeLessThan((2 / 60) * hour + 3);

    // The technician taps On my way (My Day): the block says so, without a reload.
    const block = blockIn(page, luis.id, "1 Dawn St");
    await expect(block.getByTestId("job-on-my-way")).toHaveCount(0);
    await api(page, "PUT", `/api/jobs/${early.id}`, { onMyWay: true, version: early.version });
    await expect(block.getByTestId("job-on-my-way")).toHaveText(/On my way at \d{1,2}:\d{2} (AM|PM)/);
    await expect(block).toHaveAccessibleName(/On my way at/);
  });

  test("on a phone the hours scroll under fixed names, and a long press drags a block", async ({
    page,
    owner,
  }) => {
    test.skip(!isPhone(page), "a phone's gestures");
    // A Wednesday well ahead (its week in the address): no now line, nothing of today's.
    const day = "2031-03-05";
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const maria = await addEmployee(page, owner.companyId, "Maria Chen", "purple");
    const job = await addJob(page, owner, {
      employeeId: luis.id,
      location: "2 Hours Ave",
      time: "10:00",
      durationMinutes: 120,
      date: day,
    });
    await openBoard(page, `/schedule?week=2031-03-03&view=day&day=${day}`);
    const block = blockIn(page, luis.id, "2 Hours Ave");
    await expect(block).toBeVisible();

    // The hours are wider than the screen: they scroll, the names stay.
    const scroller = page.locator(".timeline__scroller");
    const name = page.getByTestId(`daily-${luis.id}`).locator(".timeline-row__name");
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await scroller.evaluate((element) => {
      element.scrollLeft = 0;
    });
    const nameBefore = await boxOf(name);
    const hoursBefore = await hourScale(page);
    await scroller.evaluate((element) => {
      element.scrollLeft = 200;
    });
    await expect.poll(async () => (await hourScale(page)).x0).toBeLessThan(hoursBefore.x0 - 150);
    expect((await name.boundingBox())?.x).toBe(nameBefore.x);

    // A long press on the block, then the finger moves to Maria's row an hour later.
    // Maria's row first: bringing it into view may scroll the page, and the block is measured after.
    const target = await boxOf(page.getByTestId(`daily-${maria.id}`).locator(".timeline-row__track"));
    const from = await boxOf(block);
    const { hour } = await hourScale(page);
    const touch = await page.context().newCDPSession(page);
    const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y) }];
    const x = from.x + 10;
    await touch.send("Input.dispatchTouchEvent", {
      type: "touchStart",
      touchPoints: at(x, from.y + from.height / 2),
    });
    // The long press starts the drag: the ghost shows where the block is.
    await expect(page.getByTestId(`daily-${luis.id}`).getByTestId("timeline-ghost")).toContainText(
      "10:00 AM–12:00 PM",
    );
    const y = target.y + target.height / 2;
    for (const step of [0.25, 0.5, 0.75, 1]) {
      await touch.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: at(x + step * hour, y),
      });
    }
    await expect(page.getByTestId(`daily-${maria.id}`).getByTestId("timeline-ghost")).toContainText(
      "11:00 AM–1:00 PM",
    );
    const save = nextSave(page, job.id);
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    expect((await save).postDataJSON()).toMatchObject({
      employeeId: maria.id,
      time: "11:00",
      version: job.version,
    });
    await expect(blockIn(page, maria.id, "2 Hours Ave")).toBeVisible();
    await expect(page.getByText("Job moved")).toBeVisible();
  });
});
