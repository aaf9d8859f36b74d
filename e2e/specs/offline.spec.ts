/**
 * Works in a basement (docs/offline.md): the technician's phone keeps My Day and the
 * changes made offline, survives a reload without a network, and catches up by itself
 * once online; a change the office overtook meanwhile is put to the technician.
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import type { EmployeeDTO, JobDTO } from "@sched/shared-types";
import { addEmployee, api, expect as baseExpect, type Owner, selectCompany, test } from "../fixtures";
import { memberPage } from "../members";

// The first visit builds the app and installs the service worker: allow a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });
const FIRST_LOAD = { timeout: 45_000 };
/** Back online, the office sees the technician's work this soon. */
const CATCH_UP = { timeout: 5_000 };

/** A small real PNG for the camera input. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

type Setup = { tech: Page; tia: EmployeeDTO; job: JobDTO };

/** Tia Tech, an employee linked to her roster entry, on her phone, with one job today. */
async function technicianWithJob(page: Page, owner: Owner, browser: Browser, testInfo: TestInfo) {
  const tia = await addEmployee(page, owner.companyId, "Tia Tech");
  const job = await api<JobDTO>(page, "POST", "/api/jobs", {
    companyId: owner.companyId,
    employeeId: tia.id,
    type: "Repair",
    location: "12 Oak Rd",
    customerPhone: "+1 555 010 0199",
    date: today(),
    time: "09:00",
  });
  const tech = await memberPage(page, owner, "employee", browser, testInfo, {
    employeeId: tia.id,
    context: { serviceWorkers: "allow" },
  });
  return { tech, tia, job } satisfies Setup;
}

/**
 * Opens My Day online and waits until the service worker runs the page and keeps what
 * My Day needs (docs/offline.md): then the phone may lose its network.
 */
async function openMyDayOnline(tech: Page) {
  await tech.goto("/my-day");
  await expect(tech.getByTestId("my-day-job")).toHaveCount(1, FIRST_LOAD);
  await expect
    .poll(
      () =>
        tech.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return "no worker yet";
          const kept = (await (await caches.open("api-data")).keys()).map((request) => new URL(request.url));
          const has = (path: string, search = "") =>
            kept.some((url) => url.pathname === path && url.search.includes(search));
          if (!has("/api/user") || !has("/api/companies")) return "no session kept";
          return has("/api/jobs", "employeeId=") ? "ready" : "no jobs kept";
        }),
      { timeout: 45_000, message: "the service worker keeps My Day" },
    )
    .toBe("ready");
}

/** The owner's board on a desktop-sized page of its own (a second browser). */
async function officeBoard(page: Page, owner: Owner, browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: { width: 1280, height: 800 },
  });
  await context.addCookies(await page.context().cookies());
  const office = await context.newPage();
  await selectCompany(office, owner.companyId);
  await office.goto(`/schedule?view=day&day=${today()}`);
  await expect(office.getByTestId("daily-view")).toBeVisible(FIRST_LOAD);
  await expect(office.getByTestId("connection-status")).toHaveAttribute("data-status", "live", FIRST_LOAD);
  return office;
}

const indicator = (tech: Page) => tech.getByTestId("offline-indicator");

/** The company's jobs of today as the server has them (the office's view). */
const todaysJobs = (page: Page, owner: Owner) =>
  api<JobDTO[]>(
    page,
    "GET",
    `/api/jobs?companyId=${owner.companyId}&startDate=${today()}&endDate=${today()}`,
  );

/**
 * A completion made offline that the office overtakes: the office moves the job to the
 * afternoon meanwhile, and back online the phone shows the completion as a conflict.
 */
async function overtakenCompletion(page: Page, owner: Owner, browser: Browser, testInfo: TestInfo) {
  const { tech, job } = await technicianWithJob(page, owner, browser, testInfo);
  await openMyDayOnline(tech);

  await tech.context().setOffline(true);
  const card = tech.getByTestId("my-day-job");
  await card.getByRole("button", { name: "Complete" }).click();
  await expect(indicator(tech)).toContainText("Offline · 1 change waiting");

  const moved = await api<JobDTO>(page, "PUT", `/api/jobs/${job.id}`, {
    time: "15:00",
    version: job.version,
  });
  expect(moved.version).toBe(job.version + 1);

  await tech.context().setOffline(false);
  const conflict = card.getByTestId("my-job-conflict");
  await expect(conflict).toBeVisible();
  return { tech, card, conflict, moved };
}

test.describe("the technician's phone offline", () => {
  test.skip(({ isMobile }) => !isMobile, "a phone's story");
  // Three browsers, a service worker install and a reload without a network.
  test.setTimeout(180_000);

  test("keeps a completion and a photo made offline, across a reload, and sends them once online", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { tech, tia, job } = await technicianWithJob(page, owner, browser, testInfo);
    await openMyDayOnline(tech);
    const office = await officeBoard(page, owner, browser, testInfo);
    const officeCard = office
      .getByTestId(`daily-${tia.id}`)
      .getByTestId("job-card")
      .filter({ hasText: "12 Oak Rd" });
    await expect(officeCard).toBeVisible();

    await tech.context().setOffline(true);
    await expect(indicator(tech)).toHaveAttribute("data-state", "offline");
    // The Live dot says so too, not only the banner.
    await expect(tech.getByTestId("connection-status")).toHaveAttribute("data-status", "offline");
    const card = tech.getByTestId("my-day-job");
    await card.getByRole("button", { name: "Complete" }).click();
    await expect(card).toHaveAttribute("data-status", "completed");
    await expect(card.getByTestId("my-job-waiting")).toBeVisible();
    await card
      .getByTestId("my-job-after-photo")
      .locator('input[type="file"]')
      .setInputFiles({ name: "after.png", mimeType: "image/png", buffer: PNG });
    await expect(card.getByRole("img", { name: "After photo" })).toBeVisible();
    await expect(card.getByTestId("my-job-after-photo").getByTestId("photo-strip-item")).toHaveAttribute(
      "data-state",
      "waiting",
    );
    await expect(indicator(tech)).toContainText("Offline · 2 changes waiting");

    // A reload without a network: the day and the waiting changes are still there.
    await tech.reload();
    await expect(card).toHaveCount(1, FIRST_LOAD);
    await expect(card).toContainText("12 Oak Rd");
    await expect(card).toContainText("+1 555 010 0199");
    await expect(card).toHaveAttribute("data-status", "completed");
    await expect(card.getByTestId("my-job-waiting")).toBeVisible();
    await expect(card.getByRole("img", { name: "After photo" })).toBeVisible();
    await expect(indicator(tech)).toContainText("Offline · 2 changes waiting");
    // The office has heard nothing yet.
    await expect(officeCard.getByTestId("job-status-icon")).not.toHaveAttribute("data-tone", "green");

    // Back online: the phone catches up by itself and the board shows it within 5 s.
    await tech.context().setOffline(false);
    await expect(officeCard.getByTestId("job-status-icon")).toHaveAttribute("data-tone", "green", CATCH_UP);
    await expect(indicator(tech)).toHaveAttribute("data-state", "sent");
    await expect(indicator(tech)).toHaveText("All sent");
    await expect(card.getByTestId("my-job-waiting")).toHaveCount(0);

    // Applied exactly once: one completion (one version on: a photo is no edit of the plan), one photo.
    const [saved] = await todaysJobs(page, owner);
    expect(saved.status).toBe("completed");
    expect(saved.version).toBe(job.version + 1);
    const photos = await api<{ mimeType: string }[]>(page, "GET", `/api/jobs/${job.id}/photos`);
    expect(photos.map((photo) => photo.mimeType)).toEqual(["image/jpeg"]);
    const photo = await page.request.get(saved.afterPhotoUrl ?? "");
    expect(photo.status()).toBe(200);
    expect(photo.headers()["content-type"]).toBe("image/jpeg");
    await expect(officeCard).toHaveCount(1);
  });

  test("shows a change the office overtook as a conflict to resolve", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { tech, card, conflict, moved } = await overtakenCompletion(page, owner, browser, testInfo);
    await expect(conflict).toContainText("Olive Owner changed this job");
    await expect(conflict).toContainText("Your change: Complete.");
    await expect(indicator(tech)).toHaveAttribute("data-state", "conflict");
    // Nothing was overwritten: the card shows the office's job, still open.
    await expect(card).toContainText("3:00 PM");
    await expect(card).toHaveAttribute("data-status", "scheduled");
    const [current] = await todaysJobs(page, owner);
    expect([current.status, current.version]).toEqual(["scheduled", moved.version]);

    // Keep mine: the completion is made again on the job as it is now.
    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await expect(card).toHaveAttribute("data-status", "completed");
    await expect(conflict).toHaveCount(0);
    await expect(indicator(tech)).toHaveText("All sent");
    const [done] = await todaysJobs(page, owner);
    expect([done.status, done.time, done.version]).toEqual(["completed", "15:00", moved.version + 1]);
  });

  test("asks before signing out would delete a change not sent, and signs out at once when all is sent", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    // A completion the office overtook cannot be sent as it is.
    const { tech, conflict } = await overtakenCompletion(page, owner, browser, testInfo);

    // Signing out now would delete it: the phone asks, and staying keeps everything.
    await tech.getByTestId("logout-button").click();
    const question = tech.getByRole("dialog").filter({ hasText: "Sign out with changes not sent?" });
    await expect(question).toContainText(
      "1 change made on this device has not reached the office yet. Signing out deletes it.",
    );
    await question.getByRole("button", { name: "Stay signed in" }).click();
    await expect(question).toHaveCount(0);
    await expect(tech).toHaveURL(/\/my-day/);
    await expect(conflict).toBeVisible();
    expect((await tech.request.get("/api/user")).status()).toBe(200);

    // Once the change is resolved and sent, signing out asks nothing.
    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await expect(indicator(tech)).toHaveText("All sent");
    await tech.getByTestId("logout-button").click();
    await expect(tech).toHaveURL(/\/login/);
    await expect(tech.getByText("Logged out successfully")).toBeVisible();
    await expect(tech.getByText("Sign out with changes not sent?")).toHaveCount(0);
    const [done] = await todaysJobs(page, owner);
    expect(done.status).toBe("completed");
  });

  test("draws a chat message written offline as waiting, and sends it once when back online", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { tech, tia } = await technicianWithJob(page, owner, browser, testInfo);
    // The app's files are on the phone once the service worker runs it.
    await openMyDayOnline(tech);
    await tech.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat" }).click();
    await expect(tech.getByText("No messages yet. Start the conversation!")).toBeVisible(FIRST_LOAD);

    await tech.context().setOffline(true);
    await expect(indicator(tech)).toHaveAttribute("data-state", "offline");
    await tech.getByRole("textbox", { name: "Message" }).fill("Running late, stuck in traffic");
    await tech.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(
      tech.getByText("Saved on this phone. It will be sent when you are back online."),
    ).toBeVisible();
    // In the conversation at once, as herself, marked as not sent yet.
    const waiting = tech.getByTestId("chat-message-waiting");
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText(tia.name);
    await expect(waiting).toContainText("Running late, stuck in traffic");
    await expect(waiting).toContainText("Waiting to send");
    await expect(tech.getByText("No messages yet. Start the conversation!")).toHaveCount(0);
    await expect(indicator(tech)).toContainText("Offline · 1 change waiting");

    // Back online it goes out by itself: shown once, as sent, and the office has it once.
    await tech.context().setOffline(false);
    await expect(waiting).toHaveCount(0, CATCH_UP);
    const sent = tech.getByTestId("chat-message");
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText("Running late, stuck in traffic");
    await expect(sent.getByTestId("chat-message-author")).toHaveText(tia.name);
    const office = await api<{ message: string }[]>(page, "GET", `/api/chat?companyId=${owner.companyId}`);
    expect(office.map((message) => message.message)).toEqual(["Running late, stuck in traffic"]);
  });

  test("names what the office changed beside the technician's change, and leads to the job's day", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { tech, job } = await technicianWithJob(page, owner, browser, testInfo);
    await openMyDayOnline(tech);

    await tech.context().setOffline(true);
    const card = tech.getByTestId("my-day-job");
    await card.getByRole("button", { name: "Complete" }).click();
    await expect(indicator(tech)).toContainText("Offline · 1 change waiting");

    // Meanwhile the office moves the job to tomorrow and adds the gate code.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const nextDay = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
    await api<JobDTO>(page, "PUT", `/api/jobs/${job.id}`, {
      date: nextDay,
      time: "15:00",
      description: "Gate code 4321",
      version: job.version,
    });

    await tech.context().setOffline(false);
    // The job left today's view: the banner says where to choose, and leads there.
    await expect(indicator(tech)).toHaveAttribute("data-state", "conflict");
    await tech.getByTestId("offline-indicator-conflict-link").click();
    await expect(tech).toHaveURL(new RegExp(`/my-day\\?day=${nextDay}&job=${job.id}`));
    const conflict = tech.getByTestId("my-day-job").getByTestId("my-job-conflict");
    await expect(conflict).toBeVisible();
    const changes = conflict.getByTestId("my-job-office-changes");
    await expect(changes).toContainText("Time");
    await expect(changes).toContainText("9:00 AM");
    await expect(changes).toContainText("3:00 PM");
    await expect(changes).toContainText("Description");
    await expect(changes).toContainText("Gate code 4321");
    await expect(changes).toContainText("Date");
    await expect(conflict.getByTestId("my-job-your-change")).toHaveText("Your change: Complete.");
  });

  test("resolves from the banner a change whose job the office gave to a colleague, and nothing stays stuck", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { tech, job } = await technicianWithJob(page, owner, browser, testInfo);
    const sam = await addEmployee(page, owner.companyId, "Sam Smith");
    await openMyDayOnline(tech);

    await tech.context().setOffline(true);
    await tech.getByTestId("my-day-job").getByRole("button", { name: "Start" }).click();
    await expect(indicator(tech)).toContainText("Offline · 1 change waiting");
    // Meanwhile the office gives the job to Sam at 10:00: it leaves Tia's day.
    await api<JobDTO>(page, "PUT", `/api/jobs/${job.id}`, {
      employeeId: sam.id,
      time: "10:00",
      version: job.version,
    });

    await tech.context().setOffline(false);
    await expect(indicator(tech)).toHaveAttribute("data-state", "conflict");
    await expect(tech.getByTestId("my-day-job")).toHaveCount(0);
    const weekday = new Date(`${today()}T12:00:00`).toLocaleDateString("en-US", { weekday: "short" });
    await expect(tech.getByTestId("offline-indicator-conflict")).toHaveText(
      `Your change: Start · Repair, 12 Oak Rd · now Sam Smith's, ${weekday} 10:00`,
    );
    // Sam's job cannot take Tia's start: she may only drop it, from the banner itself.
    await expect(indicator(tech).getByRole("button", { name: "Keep mine" })).toHaveCount(0);
    await expect(tech.getByTestId("offline-indicator-conflict-link")).toHaveCount(0);
    await indicator(tech).getByRole("button", { name: "Drop my change" }).click();
    await expect(indicator(tech)).toHaveCount(0);

    // After a reload nothing is kept, and the office's job stands as the office left it.
    await tech.reload();
    await expect(tech.getByTestId("my-day-empty")).toBeVisible(FIRST_LOAD);
    const kept = await tech.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const opening = indexedDB.open("sched-offline");
          opening.onerror = () => reject(opening.error);
          opening.onsuccess = () => {
            const db = opening.result;
            if (!db.objectStoreNames.contains("changes")) return resolve(0);
            const counting = db.transaction("changes").objectStore("changes").count();
            counting.onsuccess = () => resolve(counting.result);
            counting.onerror = () => reject(counting.error);
          };
        }),
    );
    expect(kept).toBe(0);
    await expect(indicator(tech)).toHaveCount(0);
    const [current] = await todaysJobs(page, owner);
    expect([current.employeeId, current.time, current.status]).toEqual([sam.id, "10:00", "scheduled"]);
  });

  test("keeps the chat readable offline across a reload, with the message written offline marked waiting", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { tech } = await technicianWithJob(page, owner, browser, testInfo);
    await api(page, "POST", "/api/chat", {
      companyId: owner.companyId,
      message: "Van keys are at the depot",
    });
    await openMyDayOnline(tech);
    await tech.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Chat" }).click();
    await expect(tech.getByTestId("chat-message")).toContainText("Van keys are at the depot", FIRST_LOAD);

    await tech.context().setOffline(true);
    await expect(tech.getByTestId("connection-status")).toHaveAttribute("data-status", "offline");
    await tech.getByRole("textbox", { name: "Message" }).fill("On my way to the depot");
    await tech.getByRole("textbox", { name: "Message" }).press("Enter");
    const waiting = tech.getByTestId("chat-message-waiting");
    await expect(waiting).toContainText("Waiting to send");

    // A reload without a network: what was last loaded, and the waiting message, no placeholders.
    await tech.reload();
    await expect(tech.getByTestId("chat-message")).toContainText("Van keys are at the depot", FIRST_LOAD);
    await expect(waiting).toContainText("On my way to the depot");
    await expect(tech.getByTestId("chat-loading")).toHaveCount(0);

    await tech.context().setOffline(false);
    await expect(waiting).toHaveCount(0, CATCH_UP);
    await expect(tech.getByTestId("chat-message")).toHaveCount(2);
  });

  test("says what to do when the phone goes offline before it kept the app's data", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { tech } = await technicianWithJob(page, owner, browser, testInfo);
    await openMyDayOnline(tech);
    // As on a first visit that lost its signal before the day's data was kept (by the
    // service worker, and by the app in local storage: gone before the app starts again).
    await tech.evaluate(() => caches.delete("api-data"));
    await tech.addInitScript(() => localStorage.removeItem("sched:kept-queries"));
    await tech.context().setOffline(true);
    await tech.reload();
    await expect(tech.getByTestId("offline-page")).toContainText("You are offline", FIRST_LOAD);
    await expect(tech.getByText("Something went wrong")).toHaveCount(0);
    // Back online the screen appears by itself.
    await tech.context().setOffline(false);
    await expect(tech.getByTestId("my-day-job")).toHaveCount(1, FIRST_LOAD);
  });

  test("records On my way at the time of the tap, not when the phone is back online", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const { tech } = await technicianWithJob(page, owner, browser, testInfo);
    await openMyDayOnline(tech);

    await tech.context().setOffline(true);
    const beforeTap = Date.now();
    const card = tech.getByTestId("my-day-job");
    await card.getByRole("button", { name: "On my way" }).click();
    await expect(card.getByTestId("my-job-on-my-way")).toBeVisible();
    await expect(indicator(tech)).toContainText("Offline · 1 change waiting");
    // Everything after this moment is later than the tap: the server's clock on arrival too.
    const afterTap = Date.now();

    await tech.context().setOffline(false);
    await expect(indicator(tech)).toHaveText("All sent", CATCH_UP);
    const [saved] = await todaysJobs(page, owner);
    const recorded = Date.parse(saved.onMyWayAt ?? "");
    expect(recorded).toBeGreaterThanOrEqual(beforeTap - 1000);
    expect(recorded).toBeLessThanOrEqual(afterTap);
    expect(saved.status).toBe("scheduled");
  });
});
