/**
 * The installed app opens My Day from what the phone kept (docs/offline.md): with the network
 * hanging, a reload draws the technician's jobs at once from local storage, says how old they
 * are, and shows the office's change once the network answers again. No service worker here:
 * only the kept copy can draw the jobs while every /api request hangs.
 */
import type { Page, Route } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { addEmployee, api, expect, test } from "../fixtures";
import { memberPage } from "../members";

const FIRST_LOAD = { timeout: 30_000 };
/** "At once": the page's own files load from the server, none of its data does. */
const FROM_THE_PHONE = { timeout: 10_000 };
const KEPT_QUERIES_KEY = "sched:kept-queries";

/** A day as the browsers on this machine see it (yyyy-MM-dd, local time). */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
const today = () => localDate(new Date());
/** The Monday of this week: My Day's week starts on it. */
function thisMonday(): string {
  const day = new Date();
  day.setDate(day.getDate() - ((day.getDay() + 6) % 7));
  return localDate(day);
}

/** A network that never answers the app's data (and its live connection) until `answer()`. */
async function hangingNetwork(page: Page) {
  const held: Route[] = [];
  const hold = (route: Route) => {
    held.push(route);
  };
  await page.route("**/api/**", hold);
  await page.route("**/socket.io/**", hold);
  return {
    held,
    answer: async () => {
      await page.unrouteAll({ behavior: "ignoreErrors" });
      for (const route of held.splice(0)) await route.continue().catch(() => {});
    },
  };
}

test.describe("My Day kept on the phone", () => {
  test.skip(({ isMobile }) => !isMobile, "a phone's story");
  test.setTimeout(120_000);

  test("opens from the kept jobs while the network hangs, then shows the fresh ones", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    const job = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: tia.id,
      type: "Repair",
      location: "12 Oak Rd",
      date: today(),
      time: "09:00",
    });
    const tech = await memberPage(page, owner, "employee", browser, testInfo, { employeeId: tia.id });
    const card = tech.getByTestId("my-day-job");

    await tech.goto("/my-day");
    await expect(card).toContainText("12 Oak Rd", FIRST_LOAD);
    await expect
      .poll(() => tech.evaluate((key) => localStorage.getItem(key) ?? "", KEPT_QUERIES_KEY), {
        message: "the phone keeps My Day",
      })
      .toContain(job.id);
    const kept = await tech.evaluate((key) => localStorage.getItem(key) ?? "", KEPT_QUERIES_KEY);
    expect(kept).toContain(tia.id);

    // The network hangs: a reload draws the kept day at once, and says how old it is.
    const network = await hangingNetwork(tech);
    await tech.reload({ waitUntil: "commit" });
    await expect(card).toContainText("12 Oak Rd", FROM_THE_PHONE);
    await expect(tech.getByRole("heading", { name: "My Day" })).toBeVisible();
    await expect(tech.getByTestId("my-day-kept")).toHaveText(/Updated (just now|\d+ min ago)/);
    // My Day asked the network for the jobs again: it hangs.
    await expect
      .poll(() => network.held.some((route) => route.request().url().includes("/api/jobs?")))
      .toBe(true);

    // The office moves the job meanwhile; once the network answers, the phone shows it.
    await api(page, "PUT", `/api/jobs/${job.id}`, { location: "40 Elm St", version: job.version });
    await expect(card).toContainText("12 Oak Rd");
    await network.answer();
    await expect(card).toContainText("40 Elm St");
    await expect(tech.getByTestId("my-day-kept")).toHaveCount(0);

    // A network that refuses every request, and no service worker to answer: the kept day
    // stays on screen through every try, never a load error.
    const keptCopy = () => tech.evaluate((key) => localStorage.getItem(key), KEPT_QUERIES_KEY);
    await expect.poll(keptCopy, { message: "the copy holds the fresh day" }).toContain("40 Elm St");
    let jobTries = 0;
    await tech.route("**/api/**", (route) => {
      if (route.request().url().includes(`startDate=${thisMonday()}`)) jobTries++;
      return route.abort("internetdisconnected");
    });
    await tech.route("**/socket.io/**", (route) => route.abort("internetdisconnected"));
    await tech.reload();
    await expect(card).toContainText("40 Elm St", FROM_THE_PHONE);
    await expect
      .poll(() => jobTries, { message: "My Day tried all it tries", timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    await expect(tech.getByText("could not be loaded")).toHaveCount(0);
    await expect(tech.getByTestId("day-clock-status")).toHaveText("Not clocked in");
    await expect(card).toContainText("40 Elm St");
    await tech.unrouteAll({ behavior: "ignoreErrors" });

    // Signing out deletes the copy: the next person on this phone never sees it.
    await tech.getByTestId("logout-button").click();
    await expect(tech).toHaveURL(/\/login/);
    await expect.poll(keptCopy, { message: "signing out deletes the copy" }).toBeNull();
  });

  test("drops the copy once the session ended elsewhere", async ({ page, owner, browser }, testInfo) => {
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: tia.id,
      type: "Repair",
      location: "12 Oak Rd",
      date: today(),
      time: "09:00",
    });
    const tech = await memberPage(page, owner, "employee", browser, testInfo, { employeeId: tia.id });
    await tech.goto("/my-day");
    await expect(tech.getByTestId("my-day-job")).toContainText("12 Oak Rd", FIRST_LOAD);
    const keptCopy = () => tech.evaluate((key) => localStorage.getItem(key), KEPT_QUERIES_KEY);
    await expect.poll(keptCopy, { message: "the phone keeps My Day" }).not.toBeNull();

    // Signed out on the server (another tab, an expired session): the next start asks who
    // is signed in, hears nobody, and the copy goes.
    expect((await tech.request.post("/api/logout")).ok()).toBe(true);
    await tech.reload();
    await expect(tech).toHaveURL(/\/login/, FIRST_LOAD);
    await expect.poll(keptCopy, { message: "the copy goes with the session" }).toBeNull();
  });
});
