/**
 * Several photos per job (docs/my-day.md): a technician takes three on one job
 * from My Day, each resized on the phone to a JPEG of at most 2,000 px; the toasts leave
 * the work buttons and the bottom bar clear; the office deletes one from the job dialog
 * and the technician's strip follows.
 */
import type { Browser, Locator, Page, TestInfo } from "@playwright/test";
import type { JobDTO, JobPhotoDTO } from "@sched/shared-types";
import { modal } from "../board";
import { addEmployee, api, expect as baseExpect, type Owner, selectCompany, test } from "../fixtures";
import { memberPage } from "../members";

const expect = baseExpect.configure({ timeout: 15_000 });
const FIRST_LOAD = { timeout: 45_000 };

/** A small real PNG for the camera input. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A 3000x2000 PNG drawn in the browser: bigger than the phone keeps. */
async function bigPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 3000;
    canvas.height = 2000;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = "#1d4ed8";
    context.fillRect(0, 0, 3000, 2000);
    context.fillStyle = "#f59e0b";
    context.fillRect(500, 500, 1000, 600);
    return canvas.toDataURL("image/png").split(",")[1];
  });
  return Buffer.from(base64, "base64");
}

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return !(
    boxA.x + boxA.width <= boxB.x ||
    boxB.x + boxB.width <= boxA.x ||
    boxA.y + boxA.height <= boxB.y ||
    boxB.y + boxB.height <= boxA.y
  );
}

/** The owner's board on a desktop-sized page of its own. */
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
  return office;
}

test.describe("a job's photos", () => {
  test.skip(({ isMobile }) => !isMobile, "a phone's story");
  test.setTimeout(120_000);

  test("three photos on one job from My Day, resized on the phone, one deleted by the office", async ({
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
    await tech.goto("/my-day");
    const card = tech.getByTestId("my-day-job");
    await expect(card).toHaveCount(1, FIRST_LOAD);

    const before = card.getByTestId("my-job-before-photo");
    const after = card.getByTestId("my-job-after-photo");
    await before
      .locator('input[type="file"]')
      .setInputFiles({ name: "before-1.png", mimeType: "image/png", buffer: await bigPhoto(tech) });
    await expect(before.getByRole("img", { name: "Before photo 1" })).toBeVisible();
    await expect(tech.getByText("Before photo added.")).toBeVisible();
    // The toast leaves the work buttons and the bottom bar clear.
    const toast = tech.locator(".ant-message-notice").first();
    for (const button of [
      card.getByRole("button", { name: "Complete" }),
      before.getByRole("button", { name: "Add before photo" }),
      after.getByRole("button", { name: "Add after photo" }),
      tech.locator(".mobile-bar"),
    ]) {
      expect(await overlaps(toast, button)).toBe(false);
    }

    await before
      .locator('input[type="file"]')
      .setInputFiles({ name: "before-2.png", mimeType: "image/png", buffer: PNG });
    await expect(before.getByRole("img", { name: "Before photo 2" })).toBeVisible();
    await after
      .locator('input[type="file"]')
      .setInputFiles({ name: "after.png", mimeType: "image/png", buffer: PNG });
    await expect(after.getByRole("img", { name: "After photo 1" })).toBeVisible();
    await expect(before.getByTestId("my-job-before-photo-count")).toHaveText("2 / 10");
    await expect(after.getByTestId("my-job-after-photo-count")).toHaveText("1 / 10");
    // Only the office deletes a photo.
    await expect(card.getByRole("button", { name: /^Delete / })).toHaveCount(0);

    // Stored as JPEGs, the big one (stored first) at 2,000 px on its longest side. The strip
    // draws a photo as soon as it is taken; the upload may still be on its way. The second
    // before photo and the after photo are sent side by side: either may be stored first.
    const stored = () => api<JobPhotoDTO[]>(page, "GET", `/api/jobs/${job.id}/photos`);
    await expect
      .poll(async () => (await stored()).map((photo) => `${photo.kind} ${photo.mimeType}`).sort())
      .toEqual(["after image/jpeg", "before image/jpeg", "before image/jpeg"]);
    const photos = await stored();
    const size = await tech.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, photos[0].url);
    expect(size).toEqual([2000, 1333]);

    // The office deletes the first before photo; the phone's strip follows without a reload.
    const office = await officeBoard(page, owner, browser, testInfo);
    await office.getByTestId(`daily-${tia.id}`).getByTestId("job-card").click();
    const edit = modal(office, "Edit Job");
    await expect(edit.getByTestId("before-photo").getByTestId("photo-strip-item")).toHaveCount(2);
    await edit.getByRole("button", { name: "Delete before photo 1" }).click();
    await office.locator(".ant-modal-confirm").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(edit.getByTestId("before-photo").getByTestId("photo-strip-item")).toHaveCount(1);
    await expect(before.getByTestId("my-job-before-photo-count")).toHaveText("1 / 10");
    const left = await api<JobPhotoDTO[]>(page, "GET", `/api/jobs/${job.id}/photos`);
    expect(left.map((photo) => photo.id)).toEqual([photos[1].id, photos[2].id]);
  });
});
