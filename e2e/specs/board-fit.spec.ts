/**
 * The board fits the screen (issue 51): at 1366x768 the toolbar is one row, the tray sits
 * beside the board, and eight technicians' rows and the whole working day show without
 * scrolling the page; a card held near the board's edge scrolls it. On phones (390 and
 * 320 px) no name, tab or bar label is cut. Toasts sit where nothing is being looked at
 * and never over an open dialog; the sticky header never covers the Call Log's form.
 */
import type { Locator, Page } from "@playwright/test";
import type { EmployeeDTO } from "@sched/shared-types";
import { closeNotices, openBoard } from "../board";
import { addEmployee, api, expect, isPhone, type Owner, test } from "../fixtures";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEEK = ["2031-03-03", "2031-03-04", "2031-03-05", "2031-03-06", "2031-03-07", "2031-03-08"];
const WEDNESDAY = WEEK[2];
const NAMES = [
  "Daniel Kowalski",
  "Maria Fernandez",
  "Luis Garcia",
  "Priya Raman",
  "Tom Becker",
  "Aisha Okafor",
  "Sven Lindqvist",
  "Hannah Meyer-Schulz",
  "Ken Watanabe",
];

/** Nine technicians, most days a job each (one per cell), on an 8:00-17:00 working day. */
async function busyWeek(page: Page, owner: Owner): Promise<EmployeeDTO[]> {
  await api(page, "PUT", `/api/companies/${owner.companyId}/settings`, {
    workdayStart: "08:00",
    workdayEnd: "17:00",
  });
  const people: EmployeeDTO[] = [];
  for (const name of NAMES) people.push(await addEmployee(page, owner.companyId, name));
  const jobs = people.flatMap((person, row) =>
    WEEK.filter((_, day) => (row + day) % 3 !== 0).map((date, day) => ({
      companyId: owner.companyId,
      employeeId: person.id,
      type: ["Repair", "Inspection", "Installation"][day % 3],
      location: `${row * 10 + day} Harbor View Rd`,
      date,
      time: ["08:00", "10:30", "13:00", "15:00"][(row + day) % 4],
      durationMinutes: 90,
    })),
  );
  // One after another: all at once, a busy machine's database pool answered 503.
  for (const job of jobs) await api(page, "POST", "/api/jobs", job);
  return people;
}

/** The elements of `selector` wholly in view: inside the window and every box that clips them. */
function wholeInView(page: Page, selector: string) {
  return page.evaluate((query) => {
    const isWhole = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
        return false;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const clip = parent.getBoundingClientRect();
        if (box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5) return false;
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) return false;
      }
      return true;
    };
    return [...document.querySelectorAll(query)].filter(isWhole).map((element) => element.textContent ?? "");
  }, selector);
}

/** Text cut by its own box: wider than the room it has. */
const cutTexts = (scope: Locator) =>
  scope.evaluateAll((elements) =>
    elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((e) => e.textContent),
  );

test.describe("a laptop's board", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("shows eight technicians' rows and the working day without scrolling the page", async ({
    page,
    owner,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "a laptop's screen");
    await busyWeek(page, owner);
    await api(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      type: "Inspection",
      location: "1 Tray Ct",
    });
    await openBoard(page, `/schedule?week=${MONDAY}&view=week`);
    // A company past its first run: no Get started checklist above the board.
    await page.getByRole("button", { name: "Dismiss the checklist" }).click();
    await expect(page.getByTestId("first-run")).toHaveCount(0);
    // The trial banner is there, on one line.
    const banner = page.getByTestId("subscription-banner");
    await expect(banner).toBeVisible();
    expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(40);
    // The toolbar is one row: every control's middle on the same line.
    const toolbar = page.locator(".schedule-toolbar");
    const middles = await toolbar.evaluate((bar) =>
      [...bar.children].map((child) => {
        const box = child.getBoundingClientRect();
        return Math.round(box.top + box.height / 2);
      }),
    );
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(6);
    // The tray is beside the board, not above it.
    const tray = await page.getByTestId("unscheduled-tray").boundingBox();
    const grid = await page.getByTestId("week-grid").boundingBox();
    expect(tray && grid && tray.x >= grid.x + grid.width).toBe(true);

    await expect(page.locator(".week-grid__employee")).toHaveCount(NAMES.length);
    expect((await wholeInView(page, ".week-grid__employee")).length).toBeGreaterThanOrEqual(8);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}&view=day`);
    await expect(page.locator(".timeline-row")).toHaveCount(NAMES.length);
    const hours = await wholeInView(page, '[data-testid="timeline-hour"]');
    for (const hour of ["8 AM", "9 AM", "10 AM", "11 AM", "12 PM", "1 PM", "2 PM", "3 PM", "4 PM"])
      expect(hours).toContain(hour);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a card held near the board's bottom edge scrolls it to the rows below", async ({
    page,
    owner,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the desktop drags");
    await busyWeek(page, owner);
    // A shorter window: the last rows out of the board's view.
    await page.setViewportSize({ width: 1366, height: 600 });
    await openBoard(page, `/schedule?week=${MONDAY}&view=week`);
    const grid = page.getByTestId("week-grid");
    await expect(page.locator(".week-grid__row")).toHaveCount(NAMES.length);
    // The first row's first card to the last row's Monday, a cell out of view at first.
    const card = page.locator(".week-grid__row").first().getByTestId("job-card").first();
    const target = page.locator(".week-grid__row").last().locator(`[data-testid$="-${WEEK[0]}"]`);
    const before = await target.getByTestId("job-card").count();
    const box = await grid.boundingBox();
    const from = await card.boundingBox();
    if (!box || !from) throw new Error("no board");
    expect(await target.evaluate((cell) => cell.getBoundingClientRect().top)).toBeGreaterThan(
      box.y + box.height,
    );

    await page.mouse.move(from.x + 20, from.y + 10);
    await page.mouse.down();
    // Held a few pixels above the grid's bottom edge (each move is a dragover): the grid scrolls.
    let wiggle = 0;
    await expect
      .poll(async () => {
        wiggle = wiggle === 0 ? 1 : 0;
        await page.mouse.move(box.x + 300 + wiggle, box.y + box.height - 8);
        return grid.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop);
      })
      .toBeLessThanOrEqual(1);
    const to = await target.boundingBox();
    if (!to) throw new Error("no target");
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByText("Job moved")).toBeVisible();
    await expect(target.getByTestId("job-card")).toHaveCount(before + 1);
  });
});

test.describe("a laptop's timeline", () => {
  test.use({ viewport: { width: 1366, height: 600 } });

  test("a block held near its bottom edge scrolls it, and drops on a row that was out of view", async ({
    page,
    owner,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "the desktop drags");
    await busyWeek(page, owner);
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}&view=day`);
    const rows = page.locator(".timeline-row");
    await expect(rows).toHaveCount(NAMES.length);
    const scroller = page.locator(".timeline__scroller");
    const block = rows.first().getByTestId("job-card").first();
    const jobId = await block.getAttribute("data-job-id");
    const lastRow = rows.last();
    const lastKey = await lastRow.getAttribute("data-row-key");
    const box = await scroller.boundingBox();
    const from = await block.boundingBox();
    if (!box || !from || !jobId) throw new Error("no timeline");
    expect(await lastRow.evaluate((row) => row.getBoundingClientRect().top)).toBeGreaterThan(
      box.y + box.height,
    );

    await page.mouse.move(from.x + 8, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 8, box.y + box.height - 6, { steps: 8 });
    // The pointer holds still near the edge: the timeline keeps scrolling to its end.
    await expect
      .poll(() =>
        scroller.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop),
      )
      .toBeLessThanOrEqual(1);
    const track = await lastRow.locator(".timeline-row__track").boundingBox();
    if (!track) throw new Error("no track");
    const save = page.waitForRequest(
      (request) => request.method() === "PUT" && request.url().endsWith(`/api/jobs/${jobId}`),
    );
    await page.mouse.move(from.x + 8, track.y + track.height / 2, { steps: 4 });
    await page.mouse.up();
    expect((await save).postDataJSON()).toMatchObject({ employeeId: lastKey });
  });
});

test.describe("toasts", () => {
  test("sit at the bottom (right on a desktop) and never over an open dialog", async ({ page, owner }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await api(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Repair",
      location: "3 Toast Ave",
      date: WEDNESDAY,
      time: "09:00",
      durationMinutes: 60,
    });
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}&view=day`);
    const card = page.getByTestId("job-card").filter({ hasText: "3 Toast Ave" });
    await card.click();
    const dialog = page.locator(".ant-modal").filter({ hasText: "Edit Job" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Location").fill("4 Toast Ave");
    await dialog.getByRole("button", { name: "Update Job" }).click();
    const toast = page.locator(".ant-notification-notice, .ant-message-notice").first();
    await expect(toast).toBeVisible();
    const view = page.viewportSize() ?? { width: 1280, height: 800 };
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return box ? view.height - (box.y + box.height) : -1;
      })
      .toBeLessThanOrEqual(isPhone(page) ? 140 : 60);
    const box = await toast.boundingBox();
    if (!box) throw new Error("no toast");
    if (isPhone(page)) {
      // Above the bottom bar, not under it: once it has slid up (it enters from below the bar).
      const bar = await page.getByTestId("mobile-bar").boundingBox();
      await expect
        .poll(async () => {
          const settled = await toast.boundingBox();
          return settled ? settled.y + settled.height : view.height;
        })
        .toBeLessThanOrEqual((bar?.y ?? view.height) + 1);
    } else {
      expect(view.width - (box.x + box.width)).toBeLessThanOrEqual(60);
    }

    // A dialog opened while the toast shows: the toast is never drawn over it.
    await page.getByTestId("job-card").filter({ hasText: "4 Toast Ave" }).click();
    await expect(dialog).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const dialogBox = document.querySelector(".ant-modal")?.getBoundingClientRect();
          if (!dialogBox) return "no dialog";
          for (const notice of document.querySelectorAll(".ant-notification-notice, .ant-message-notice")) {
            const box = notice.getBoundingClientRect();
            const overlaps =
              box.left < dialogBox.right &&
              box.right > dialogBox.left &&
              box.top < dialogBox.bottom &&
              box.bottom > dialogBox.top;
            if (!overlaps) continue;
            // Over the dialog only if it is drawn above it: the element at the toast's middle.
            const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (top && notice.contains(top)) return "over the dialog";
          }
          return "clear";
        }),
      )
      .toBe("clear");
    await closeNotices(page);
  });
});

test.describe("the Call Log's form", () => {
  test("opens below the sticky header, its title in view", async ({ page, owner }) => {
    const today = new Date();
    const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    for (let index = 0; index < 8; index++) {
      await api(page, "POST", "/api/call-records", {
        companyId: owner.companyId,
        customerName: `Caller ${index}`,
        customerPhone: `555-010-01${10 + index}`,
        callDate: date,
        callTime: `${String(8 + index).padStart(2, "0")}:00`,
      });
    }
    await page.goto("/calls");
    const last = page.getByRole("button", { name: "Edit call from Caller 0" });
    await last.scrollIntoViewIfNeeded();
    await last.click();
    const title = page.getByTestId("call-record-form").getByText("Edit Call Record");
    await expect(title).toBeVisible();
    const header = page.locator(isPhone(page) ? ".app-header" : ".app-nav");
    // Once the smooth scroll has ended: the title below the header's bottom, and in the window.
    await expect
      .poll(async () => {
        const [titleBox, headerBox] = [await title.boundingBox(), await header.boundingBox()];
        return titleBox && headerBox ? Math.round(titleBox.y - (headerBox.y + headerBox.height)) : -1;
      })
      .toBeGreaterThanOrEqual(0);
  });
});

for (const width of [390, 320]) {
  test.describe(`a ${width} px phone`, () => {
    test.use({ viewport: { width, height: width === 320 ? 640 : 844 } });

    test("cuts no technician's name, view tab or bar label", async ({ page, owner }, testInfo) => {
      test.skip(testInfo.project.name !== "phone", "a phone's screen");
      await busyWeek(page, owner);
      await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}&view=day`);
      await expect(page.locator(".timeline-row")).toHaveCount(NAMES.length);
      // Each name whole on its row: not cut by its box, and inside the window's width.
      const labels = page.locator(".timeline-row__label");
      expect(await cutTexts(labels)).toEqual([]);
      for (const label of await labels.all()) {
        await label.scrollIntoViewIfNeeded();
        const box = await label.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        expect(box?.width).toBeGreaterThan(40);
      }
      // The four views' tabs, each whole inside the tab list and the window.
      await page.evaluate(() => window.scrollTo(0, 0));
      const tabs = page.getByRole("tab");
      await expect(tabs).toHaveCount(4);
      expect(await cutTexts(tabs)).toEqual([]);
      const inView = await wholeInView(page, '[role="tab"]');
      expect(inView).toEqual(["Week View", "By Employee", "Daily View", "Map"]);
      // The bottom bar: no label cut, none running into the next.
      const links = page.getByTestId("mobile-bar").locator(".mobile-bar__link > span:last-child");
      expect(await cutTexts(links)).toEqual([]);
      const boxes = await links.evaluateAll((spans) =>
        spans.map((span) => {
          const box = span.getBoundingClientRect();
          return { left: box.left, right: box.right };
        }),
      );
      for (let index = 1; index < boxes.length; index++)
        expect(boxes[index].left).toBeGreaterThanOrEqual(boxes[index - 1].right + 2);
    });
  });
}
