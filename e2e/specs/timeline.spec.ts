/**
 * The Daily View's timeline (docs/schedule.md): a job's block is as
 * wide as the job is long; dragging its right edge changes its length, dragging the block
 * changes its technician and time, and the ghost shows the warnings before the drop; the
 * keyboard makes the same moves. Each save names the job's version and offers Undo.
 */
import type { Page } from "@playwright/test";
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { closeNotices, openBoard, undoInToast } from "../board";
import { addEmployee, api, expect, isPhone, type Owner, test } from "../fixtures";
import { blockIn, boxOf, hourScale, nextSave, watchGhosts } from "../timeline";

/** A Wednesday well ahead, so "today" (and its now line) never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const BOARD = `/schedule?week=${MONDAY}&view=day&day=${WEDNESDAY}`;
/** The workday (07:00–19:00 by default): the timeline's hours. */
const FIRST_HOUR = 7;
/** A pixel or two of rounding between a block and the hour labels. */
const PIXELS = 2.5;

type Day = { luis: EmployeeDTO; maria: EmployeeDTO; oneHour: JobDTO; twoHours: JobDTO };

/** Luis with a 60-minute job at 9:00 and a 120-minute one at 10:00, side by side; Maria with none. */
async function seedDay(page: Page, owner: Owner): Promise<Day> {
  const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
  const maria = await addEmployee(page, owner.companyId, "Maria Chen", "purple");
  const job = (location: string, time: string, durationMinutes: number) =>
    api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Repair",
      location,
      date: WEDNESDAY,
      time,
      durationMinutes,
    });
  return {
    luis,
    maria,
    oneHour: await job("1 Hour St", "09:00", 60),
    twoHours: await job("2 Hours Ave", "10:00", 120),
  };
}

/** Every PUT body of `jobId` from now on, in order. */
function savesOf(page: Page, jobId: string): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().endsWith(`/api/jobs/${jobId}`))
      bodies.push(request.postDataJSON());
  });
  return bodies;
}

const savedJob = async (page: Page, owner: Owner, id: string) =>
  (await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}`)).find((job) => job.id === id);

test.describe("the day as a timeline", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a 60-minute and a 120-minute job are drawn one and two hours wide", async ({ page, owner }) => {
    const { luis, maria } = await seedDay(page, owner);
    await openBoard(page, BOARD);
    await expect(blockIn(page, luis.id, "2 Hours Ave")).toBeVisible();
    // All measured where they are, unscrolled: the same page coordinates for the hours and the blocks.
    const { hour, x0 } = await hourScale(page);
    const [one, two] = await Promise.all(
      ["1 Hour St", "2 Hours Ave"].map(async (location) => {
        const box = await blockIn(page, luis.id, location).boundingBox();
        if (!box) throw new Error(`${location} is not drawn`);
        return box;
      }),
    );
    expect(Math.abs(one.width - hour)).toBeLessThan(PIXELS);
    expect(Math.abs(two.width - 2 * hour)).toBeLessThan(PIXELS);
    // Its left edge is its start: 9:00 is two hours after the first hour, 10:00 three.
    expect(Math.abs(one.x - (x0 + (9 - FIRST_HOUR) * hour))).toBeLessThan(PIXELS);
    expect(Math.abs(two.x - (x0 + (10 - FIRST_HOUR) * hour))).toBeLessThan(PIXELS);
    // Side by side, not overlapping: one lane, no warning.
    await expect(blockIn(page, luis.id, "2 Hours Ave")).toHaveAttribute("data-lane", "0");
    await expect(page.getByTestId(`daily-${luis.id}`).getByTestId("job-conflict")).toHaveCount(0);
    await expect(page.getByTestId(`daily-${maria.id}`).getByText("No jobs this day")).toBeVisible();
  });

  test("dragging the right edge saves the new length, with the overlap warning before the drop", async ({
    page,
    owner,
  }) => {
    test.skip(isPhone(page), "a finger drags after a long press (timeline-day.spec.ts)");
    const { luis, oneHour } = await seedDay(page, owner);
    await openBoard(page, BOARD);
    const { hour } = await hourScale(page);
    const block = blockIn(page, luis.id, "1 Hour St");
    const handle = await boxOf(block.getByTestId("timeline-resize"));
    const start = await boxOf(block);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    // To 10:30: the job would run into the 10:00 one.
    await page.mouse.move(start.x + 1.25 * hour, handle.y + 10, { steps: 5 });
    await page.mouse.move(start.x + 1.5 * hour, handle.y + 10, { steps: 5 });
    const ghost = page.getByTestId(`daily-${luis.id}`).getByTestId("timeline-ghost");
    await expect(ghost).toContainText("9:00 AM–10:30 AM");
    await expect(ghost).toContainText("Overlaps 10:00–12:00 Repair at 2 Hours Ave");
    const save = nextSave(page, oneHour.id);
    await page.mouse.up();
    expect((await save).postDataJSON()).toMatchObject({ durationMinutes: 90, version: oneHour.version });
    await expect(page.getByText("Job length changed")).toBeVisible();
    await expect(block).toContainText("9:00 AM–10:30 AM");
    // Now they overlap: the second stacks below the first, both marked.
    await expect(blockIn(page, luis.id, "2 Hours Ave")).toHaveAttribute("data-lane", "1");
    await expect(blockIn(page, luis.id, "2 Hours Ave").getByTestId("job-conflict")).toHaveText("1 conflict");
    expect(await savedJob(page, owner, oneHour.id)).toMatchObject({ durationMinutes: 90 });

    // Undo gives back the hour.
    await (await undoInToast(page, "1 Hour St")).click();
    await expect(page.getByText("Move undone")).toBeVisible();
    await expect.poll(async () => (await savedJob(page, owner, oneHour.id))?.durationMinutes).toBe(60);
    await expect(block).toContainText("9:00 AM–10:00 AM");
  });

  test("dragging a block to another technician's row at 14:00 saves both", async ({ page, owner }) => {
    test.skip(isPhone(page), "a finger drags after a long press (timeline-day.spec.ts)");
    const { luis, maria, twoHours } = await seedDay(page, owner);
    // Maria is busy 14:30-15:30: the ghost warns before the drop.
    await api(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: maria.id,
      type: "Inspection",
      location: "3 Busy Rd",
      date: WEDNESDAY,
      time: "14:30",
      durationMinutes: 60,
    });
    await openBoard(page, BOARD);
    const { hour, x0 } = await hourScale(page);
    const block = blockIn(page, luis.id, "2 Hours Ave");
    const from = await boxOf(block);
    const target = await boxOf(page.getByTestId(`daily-${maria.id}`).locator(".timeline-row__track"));
    // Grabbed 10 px into the block: let go 10 px after 14:00 in Maria's row.
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(x0 + (14 - FIRST_HOUR) * hour + 10, target.y + target.height / 2, { steps: 10 });
    const ghost = page.getByTestId(`daily-${maria.id}`).getByTestId("timeline-ghost");
    await expect(ghost).toContainText("2:00 PM–4:00 PM");
    await expect(ghost).toContainText("Overlaps 14:30–15:30 Inspection at 3 Busy Rd");
    const save = nextSave(page, twoHours.id);
    await page.mouse.up();
    expect((await save).postDataJSON()).toMatchObject({
      employeeId: maria.id,
      date: WEDNESDAY,
      time: "14:00",
      durationMinutes: 120,
      version: twoHours.version,
    });
    await expect(blockIn(page, maria.id, "2 Hours Ave")).toBeVisible();
    await expect(blockIn(page, luis.id, "2 Hours Ave")).toHaveCount(0);
    await expect(page.getByText("Job moved")).toBeVisible();
    expect(await savedJob(page, owner, twoHours.id)).toMatchObject({ employeeId: maria.id, time: "14:00" });
  });

  test("the keyboard makes the same moves, each announced", async ({ page, owner }) => {
    const { luis, maria, oneHour, twoHours } = await seedDay(page, owner);
    await openBoard(page, BOARD);
    const announcer = page.getByTestId("timeline-announcer");
    // A move is saved once the keys rest: on a slow machine a pause between two presses
    // saves the step between too, so the last save is the one that counts.
    const firstSaves = savesOf(page, oneHour.id);
    const secondSaves = savesOf(page, twoHours.id);

    // Shift+Right twice: 90 minutes, announced with the overlap it would make.
    const first = blockIn(page, luis.id, "1 Hour St");
    await first.focus();
    const ghostTexts = await watchGhosts(page, luis.id);
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await expect(announcer).toContainText("Repair at 1 Hour St: Luis Garcia, 9:00 AM–10:30 AM");
    await expect(announcer).toContainText("1 conflict: Overlaps 10:00–12:00 Repair at 2 Hours Ave");
    // The ghost showed the move's time and its warning before the save.
    expect((await ghostTexts()).join(" | ")).toContain("9:00 AM–10:30 AMOverlaps 10:00–12:00");
    await expect.poll(() => firstSaves.at(-1)).toMatchObject({ durationMinutes: 90 });
    expect(firstSaves[0]).toMatchObject({ version: oneHour.version });
    await expect(first).toContainText("9:00 AM–10:30 AM");
    await expect(first).toBeFocused();

    // Alt+Down: to Maria; Right sixteen times: 10:00 to 14:00.
    await closeNotices(page);
    const second = blockIn(page, luis.id, "2 Hours Ave");
    await second.focus();
    await page.keyboard.press("Alt+ArrowDown");
    for (let step = 0; step < 16; step++) await page.keyboard.press("ArrowRight");
    await expect(announcer).toContainText("Maria Chen, 2:00 PM–4:00 PM");
    await expect
      .poll(() => secondSaves.at(-1))
      .toMatchObject({ employeeId: maria.id, date: WEDNESDAY, time: "14:00", durationMinutes: 120 });
    expect(secondSaves[0]).toMatchObject({ version: twoHours.version });
    const moved = blockIn(page, maria.id, "2 Hours Ave");
    await expect(moved).toBeVisible();
    // The focus follows the block into its new row.
    await expect(moved).toBeFocused();
    await expect
      .poll(async () => {
        const job = await savedJob(page, owner, twoHours.id);
        return [job?.employeeId, job?.time, job?.durationMinutes];
      })
      .toEqual([maria.id, "14:00", 120]);

    // Alt+Up back to Luis, Left to 13:45, Shift+Left to 105 minutes (the toasts take no focus).
    const saved = secondSaves.length;
    await page.keyboard.press("Alt+ArrowUp");
    await expect(announcer).toContainText("Luis Garcia, 2:00 PM–4:00 PM");
    await page.keyboard.press("ArrowLeft");
    await expect(announcer).toContainText("Luis Garcia, 1:45 PM–3:45 PM");
    await page.keyboard.press("Shift+ArrowLeft");
    await expect(announcer).toContainText("Luis Garcia, 1:45 PM–3:30 PM");
    await expect
      .poll(() => secondSaves.at(-1))
      .toMatchObject({ employeeId: luis.id, time: "13:45", durationMinutes: 105 });
    expect(secondSaves.length).toBeGreaterThan(saved);
    const back = blockIn(page, luis.id, "2 Hours Ave");
    await expect(back).toContainText("1:45 PM–3:30 PM");
    await expect(back).toBeFocused();

    // Enter opens the job.
    await page.keyboard.press("Enter");
    await expect(
      page.locator(".ant-modal").filter({ hasText: "Edit Job" }).getByLabel("Location"),
    ).toHaveValue("2 Hours Ave");
  });

  test("a job from the Unscheduled tray lands where it is dropped, and a block goes back to the tray", async ({
    page,
    owner,
  }) => {
    test.skip(isPhone(page), "the phone moves tray jobs with Move to…");
    const { maria } = await seedDay(page, owner);
    const trayJob = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      type: "Inspection",
      location: "8 Tray Ct",
    });
    await openBoard(page, BOARD);
    const track = page.getByTestId(`daily-${maria.id}`).locator(".timeline-row__track");
    // Bringing the row into view scrolls the hours sideways (the tray beside the board leaves
    // less than the day's width): the hours are measured after it.
    const trackBox = await boxOf(track);
    const { hour, x0 } = await hourScale(page);
    const save = nextSave(page, trayJob.id);
    await page
      .getByTestId("unscheduled-tray")
      .getByTestId("job-card")
      .filter({ hasText: "8 Tray Ct" })
      .dragTo(track, { targetPosition: { x: x0 - trackBox.x + (13 - FIRST_HOUR) * hour + 5, y: 20 } });
    expect((await save).postDataJSON()).toMatchObject({
      employeeId: maria.id,
      date: WEDNESDAY,
      time: "13:00",
    });
    const block = blockIn(page, maria.id, "8 Tray Ct");
    await expect(block).toContainText("1:00 PM");
    await closeNotices(page);

    // The block dragged onto the tray: unscheduled, with Undo.
    const from = await boxOf(block);
    const tray = await boxOf(page.getByTestId("unscheduled-tray"));
    await page.mouse.move(from.x + 5, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(tray.x + tray.width / 2, tray.y + tray.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect(page.getByText("Job unscheduled")).toBeVisible();
    await expect(block).toHaveCount(0);
    await expect.poll(async () => (await savedJob(page, owner, trayJob.id))?.date ?? null).toBeNull();
  });
});
