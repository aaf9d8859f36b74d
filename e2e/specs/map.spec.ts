/**
 * The Map view and My stops (docs/schedule.md "Map", docs/my-day.md "My stops"): every
 * technician's stops numbered in the list and on the map, the keyboard through the list,
 * a pin set from the list and by dragging a marker, live changes; on a phone, My Day's
 * stops with their directions links. The map loads with no CSP complaint and no basemap.
 */
import type { Page, TestInfo } from "@playwright/test";
import { estimateDriveMinutes, type JobDTO } from "@sched/shared-types";
import { openBoard } from "../board";
import { addEmployee, api, expect as baseExpect, isPhone, type Owner, test } from "../fixtures";
import { memberPage } from "../members";

const expect = baseExpect.configure({ timeout: 15_000 });
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";
const MAP = `/schedule?week=${MONDAY}&view=map&day=${WEDNESDAY}`;
const OAK = { lat: 40.7128, lng: -74.006 };
const PINE = { lat: 40.7306, lng: -73.9866 };
const ELM = { lat: 40.758, lng: -73.9855 };

async function addJob(page: Page, owner: Owner, employeeId: string, location: string, time: string) {
  return api<JobDTO>(page, "POST", "/api/jobs", {
    companyId: owner.companyId,
    employeeId,
    type: "Repair",
    location,
    date: WEDNESDAY,
    time,
  });
}

const pin = (page: Page, owner: Owner, job: JobDTO, point: { lat: number; lng: number }) =>
  api<JobDTO>(page, "PUT", `/api/jobs/${job.id}/place`, { companyId: owner.companyId, ...point });

const jobOf = async (page: Page, owner: Owner, id: string) =>
  (
    await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&startDate=${MONDAY}&endDate=2031-03-09`,
    )
  ).find((job) => job.id === id);

/** Console errors about the Content-Security-Policy, from now on. */
function cspComplaints(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content.Security.Policy|CSP/i.test(message.text()))
      seen.push(message.text());
  });
  return seen;
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(name) });
  if (process.env.MAP_SHOTS) await page.screenshot({ path: `${process.env.MAP_SHOTS}/${name}` });
}

test.describe("the Map view", () => {
  test.describe.configure({ timeout: 120_000 });

  test("numbers each technician's stops, moves through them by keyboard, and sets places", async ({
    page,
    owner,
  }, testInfo) => {
    const complaints = cspComplaints(page);
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const maria = await addEmployee(page, owner.companyId, "Maria Chen", "purple");
    // Out of time order on purpose: the list orders them.
    const second = await addJob(page, owner, luis.id, "2 Pine Rd", "11:00");
    const first = await addJob(page, owner, luis.id, "1 Oak St", "09:00");
    const third = await addJob(page, owner, luis.id, "Behind the old mill", "13:00");
    const hers = await addJob(page, owner, maria.id, "4 Elm St", "10:00");
    await pin(page, owner, first, OAK);
    await pin(page, owner, second, PINE);
    await pin(page, owner, hers, ELM);
    await api(page, "PUT", `/api/jobs/${third.id}/place`, { companyId: owner.companyId, place: null });

    await openBoard(page, MAP);
    await expect(page.getByRole("tab", { name: "Map" })).toHaveAttribute("aria-selected", "true");
    const map = page.getByTestId("route-map");
    await expect(map).toHaveAttribute("data-state", "ready", { timeout: 30_000 });

    // Luis's three stops in time order, numbered; the one without a place says so.
    const luisRoute = page.getByRole("region", { name: /Luis Garcia/ });
    const entries = luisRoute.getByTestId("map-stop-entry");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("1 Oak St");
    await expect(entries.nth(1)).toContainText("2 Pine Rd");
    await expect(entries.nth(2)).toContainText("Behind the old mill");
    for (const [at, number] of ["1", "2", "3"].entries())
      await expect(entries.nth(at).locator(".stop-list__number")).toHaveText(`Stop ${number}`);
    await expect(entries.nth(2)).toContainText("No place");
    // The drive between the first two: the same estimate as the conflict engine's.
    await expect(entries.nth(1).locator(".stop-list__drive")).toHaveText(
      `${estimateDriveMinutes(OAK, PINE)} min drive`,
    );
    // The three stops with a place drawn (a layer of the map: the count it was handed).
    await expect(map).toHaveAttribute("data-stops", "3");
    // On a phone the map is under the toolbar: in view for the picture.
    await map.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await shoot(page, testInfo, `map-${isPhone(page) ? "390" : "desktop"}.png`);

    // The keyboard: the list is one tab stop; arrows move and highlight the stop on the map
    // (the selected stop is a marker of its own).
    const entry = (job: JobDTO) => page.locator(`#map-stop-${job.id}`);
    const highlighted = map.getByTestId("map-selected-stop");
    await entry(first).focus();
    await expect(highlighted).toHaveAttribute("data-job-id", first.id);
    await expect(highlighted).toHaveClass(/is-selected/);
    await expect(highlighted).toHaveText("1");
    await page.keyboard.press("ArrowDown");
    await expect(entry(second)).toBeFocused();
    await expect(highlighted).toHaveAttribute("data-job-id", second.id);
    await expect(highlighted).toHaveText("2");
    // Enter opens the job.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Location")).toHaveValue("2 Pine Rd");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Set place from the list, by keyboard: the stop without one gets a pin.
    await entry(third).focus();
    await page.getByRole("button", { name: "Set place" }).click();
    await page.locator("#set-place-input").fill("40.7411, -73.9897");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/jobs/${third.id}/place`) && r.request().method() === "PUT",
    );
    await page.keyboard.press("Enter");
    expect((await saved).status()).toBe(200);
    // Said once the lists have the pin (and have refetched): a later event is not overwritten.
    await expect(page.getByText("Place saved")).toBeVisible();
    await expect(entries.nth(2)).not.toContainText("No place");
    await expect(map).toHaveAttribute("data-stops", "4");
    expect((await jobOf(page, owner, third.id))?.place).toEqual({
      lat: 40.7411,
      lng: -73.9897,
      precision: "manual",
    });

    // The selected stop's marker dragged: the job's place follows (a mouse on a desktop).
    if (!isPhone(page)) {
      // A stop on the map clicked selects it; a double click opens its job.
      await entry(second).click();
      const pine = await highlighted.boundingBox();
      if (!pine) throw new Error("the selected stop is not drawn");
      await entry(first).click();
      await expect(highlighted).toHaveAttribute("data-job-id", first.id);
      await page.mouse.click(pine.x + pine.width / 2, pine.y + pine.height / 2);
      await expect(highlighted).toHaveAttribute("data-job-id", second.id);
      await entry(first).click();
      await page.mouse.dblclick(pine.x + pine.width / 2, pine.y + pine.height / 2);
      await expect(dialog.getByLabel("Location")).toHaveValue("2 Pine Rd");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();

      await entry(first).click();
      const marker = map.locator(`[data-job-id="${first.id}"]`);
      const box = await marker.boundingBox();
      if (!box) throw new Error("the marker is not drawn");
      const moved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/jobs/${first.id}/place`) && r.request().method() === "PUT",
      );
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      for (let step = 1; step <= 8; step++)
        await page.mouse.move(box.x + box.width / 2 + step * 10, box.y + box.height / 2 + step * 5);
      await page.mouse.up();
      expect((await moved).status()).toBe(200);
      const place = (await jobOf(page, owner, first.id))?.place;
      expect(place?.precision).toBe("manual");
      expect(place?.lng).toBeGreaterThan(OAK.lng);
    }

    // Live: a job added elsewhere appears on the map and in the list without a reload.
    const late = await addJob(page, owner, maria.id, "5 Birch Ave", "15:00");
    await pin(page, owner, late, { lat: 40.75, lng: -73.97 });
    const mariaRoute = page.getByRole("region", { name: /Maria Chen/ });
    await expect(mariaRoute.getByTestId("map-stop-entry")).toHaveCount(2);
    await expect(map).toHaveAttribute("data-stops", "5");

    expect(complaints).toEqual([]);
  });

  test("at 1366 x 768 the list sits beside the map", async ({ page, owner }, testInfo) => {
    test.skip(isPhone(page), "a laptop's screen");
    await page.setViewportSize({ width: 1366, height: 768 });
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    const a = await addJob(page, owner, luis.id, "1 Oak St", "09:00");
    const b = await addJob(page, owner, luis.id, "2 Pine Rd", "11:00");
    await pin(page, owner, a, OAK);
    await pin(page, owner, b, PINE);
    await openBoard(page, MAP);
    const map = page.getByTestId("route-map");
    await expect(map).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
    const list = await page.getByTestId("stop-list").boundingBox();
    const drawn = await map.boundingBox();
    expect(list && drawn && list.x + list.width <= drawn.x).toBe(true);
    await shoot(page, testInfo, "map-1366.png");
  });
});

test.describe("My stops on My Day", () => {
  test.describe.configure({ timeout: 120_000 });

  test("lists my stops in order with directions in the phone's maps app", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    test.skip(!isPhone(page), "a technician's phone");
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    const placed = await addJob(page, owner, tia.id, "1 Oak St", "09:00");
    await addJob(page, owner, tia.id, "Behind the old mill", "11:00");
    await pin(page, owner, placed, OAK);
    const tech = await memberPage(page, owner, "employee", browser, testInfo, { employeeId: tia.id });
    await tech.goto(`/my-day?day=${WEDNESDAY}`);
    const stops = tech.getByTestId("my-stop");
    await expect(stops).toHaveCount(2, { timeout: 30_000 });
    const links = tech.getByTestId("my-stop-directions");
    await expect(links.nth(0)).toHaveAttribute(
      "href",
      `https://www.google.com/maps/dir/?api=1&destination=${OAK.lat},${OAK.lng}`,
    );
    await expect(links.nth(1)).toHaveAttribute(
      "href",
      "https://www.google.com/maps/dir/?api=1&destination=Behind%20the%20old%20mill",
    );
    await expect(stops.nth(1)).toContainText("No place: directions by address");
    // Maps open only when asked.
    await links.nth(0).click();
    const ask = tech.getByRole("dialog").filter({ hasText: "Directions in maps?" });
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Not now" }).click();
    await expect(ask).toBeHidden();
    await tech.getByTestId("my-stops").scrollIntoViewIfNeeded();
    await shoot(tech, testInfo, "my-stops-390.png");
  });
});
