/**
 * A job's priority (shared-types/src/job-fields.ts): set in the job dialog, shown on the
 * cards and the timeline, and the board filtered by it; on a desktop and on a phone. The
 * office's change of it while a technician works offline is named in the conflict, and the
 * technician's change replayed over it keeps it (docs/offline.md).
 */
import type { Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { fieldMessagesSettled, modal, openBoard } from "../board";
import { addEmployee, api, expect, isPhone, test } from "../fixtures";
import { memberPage } from "../members";
import { chooseOption, pickOption } from "../selects";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";
const WEDNESDAY = "2031-03-05";

const cardsIn = (page: Page, scope: string) => page.getByTestId(scope).getByTestId("job-card");

test.describe("job priority", () => {
  test.describe.configure({ timeout: 120_000 });

  test("is set in the dialog, shows on the card and the timeline, and filters the board", async ({
    page,
    owner,
  }) => {
    const luis = await addEmployee(page, owner.companyId, "Luis Garcia");
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: luis.id,
      type: "Maintenance",
      location: "7 Lake Dr",
      date: WEDNESDAY,
      time: "08:00",
      // A long visit: its timeline block has room for its tags.
      durationMinutes: 240,
    });
    await openBoard(page, `/schedule?week=${MONDAY}&day=${WEDNESDAY}`);
    const scope = isPhone(page) ? `daily-${luis.id}` : `cell-${luis.id}-${WEDNESDAY}`;
    await expect(cardsIn(page, scope)).toHaveCount(1);

    await page.getByRole("button", { name: "Add job for Luis Garcia on Wed, Mar 5" }).click();
    const dialog = modal(page, "Add Job");
    await expect(dialog.getByLabel("Priority")).toBeVisible();
    await chooseOption(page, dialog, "Job type", "Repair");
    await dialog.getByLabel("Location").fill("42 Cedar Ln");
    await dialog.getByLabel("Time", { exact: true }).fill("14:30");
    await chooseOption(page, dialog, "Priority", "Urgent");
    await fieldMessagesSettled(dialog);
    await dialog.getByRole("button", { name: "Add Job" }).click();
    await expect(page.getByText("Job has been added to the schedule.")).toBeVisible();
    await expect(dialog).toBeHidden();

    const urgent = cardsIn(page, scope).filter({ hasText: "42 Cedar Ln" });
    await expect(urgent.getByTestId("job-priority")).toHaveText("Urgent");
    await expect(urgent.getByTestId("job-priority")).toHaveAttribute("data-tone", "red");
    await expect(urgent).toHaveAttribute("aria-label", /Urgent/);
    // Normal is every job's: its tag is left off, so cards carry what stands out.
    const normal = cardsIn(page, scope).filter({ hasText: "7 Lake Dr" });
    await expect(normal.getByTestId("job-priority")).toHaveCount(0);
    const [saved] = (await api<JobDTO[]>(page, "GET", `/api/jobs?companyId=${owner.companyId}`)).filter(
      (job) => job.location === "42 Cedar Ln",
    );
    expect(saved.priority).toBe("urgent");

    // The dialog shows it, and changes it.
    await normal.click();
    const edit = modal(page, "Edit Job");
    await expect(edit.locator(".ant-form-item").filter({ has: page.getByLabel("Priority") })).toContainText(
      "Normal",
    );
    await chooseOption(page, edit, "Priority", "High");
    await edit.getByRole("button", { name: "Update Job" }).click();
    await expect(page.getByText("Job has been updated successfully.")).toBeVisible();
    await expect(normal.getByTestId("job-priority")).toHaveText("High priority");

    // On the timeline a tag shows whole or not at all (issue 51): the long visit has room for
    // its priority; the hour-long one shows what fits of its tags, priority first.
    await page.getByRole("tab", { name: "Daily View" }).click();
    const blocks = page.getByTestId("daily-view").getByTestId("job-card");
    await expect(blocks).toHaveCount(2);
    const long = blocks.filter({ hasText: "7 Lake Dr" });
    await expect(long.getByTestId("job-priority")).toHaveText("High priority");
    for (const block of await blocks.all()) {
      const box = await block.boundingBox();
      const row = await block.locator(".job-tags").boundingBox();
      for (const tag of await block.locator(".job-tag").all()) {
        const tagBox = await tag.boundingBox();
        if (!box || !row || !tagBox) continue;
        const within = (outer: typeof box) =>
          tagBox.x >= outer.x &&
          tagBox.y >= outer.y &&
          tagBox.x + tagBox.width <= outer.x + outer.width &&
          tagBox.y + tagBox.height <= outer.y + outer.height;
        // Its row clips it whole: below the row's one line, or past its end.
        const dropped = tagBox.y >= row.y + row.height - 1 || tagBox.x >= row.x + row.width - 1;
        expect((within(box) && within(row)) || dropped, `${await tag.textContent()} whole or dropped`).toBe(
          true,
        );
      }
    }
    const longBox = await long.boundingBox();
    const highBox = await long.getByTestId("job-priority").boundingBox();
    expect(longBox && highBox && highBox.y + highBox.height <= longBox.y + longBox.height).toBe(true);

    // Filtered by priority, the board shows only the urgent job, in every view.
    await pickOption(page, page.getByTestId("filter-priority"), "Urgent");
    await expect(blocks).toHaveCount(1);
    await expect(blocks).toContainText("42 Cedar Ln");
    if (!isPhone(page)) {
      await page.getByRole("tab", { name: "Week View" }).click();
      await expect(page.getByTestId("job-card")).toHaveCount(1);
    }
    // Cleared, every job is back.
    await page.getByTestId("filter-priority").locator(".ant-select-clear").click();
    await expect(page.getByTestId("job-card")).toHaveCount(2);
  });
});

/** Today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

test.describe("job priority offline", () => {
  // The first visit builds the app and installs the service worker: allow a loaded machine.
  test.describe.configure({ timeout: 180_000 });
  const slow = { timeout: 45_000 };

  test("the office's new priority is named in the conflict and kept when the technician's change is replayed", async ({
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
    const tech = await memberPage(page, owner, "employee", browser, testInfo, {
      employeeId: tia.id,
      context: { serviceWorkers: "allow" },
    });
    await tech.goto("/my-day");
    const card = tech.getByTestId("my-day-job");
    await expect(card).toHaveCount(1, slow);
    await expect(card.getByTestId("job-priority")).toHaveCount(0);
    // The service worker keeps My Day before the phone loses its network (offline.spec.ts).
    await expect
      .poll(
        () =>
          tech.evaluate(async () => {
            if (!navigator.serviceWorker.controller) return "no worker yet";
            const kept = (await (await caches.open("api-data")).keys()).map(
              (request) => new URL(request.url),
            );
            return kept.some((url) => url.pathname === "/api/jobs" && url.search.includes("employeeId="))
              ? "ready"
              : "no jobs kept";
          }),
        slow,
      )
      .toBe("ready");

    await tech.context().setOffline(true);
    await card.getByRole("button", { name: "Complete" }).click();
    await expect(tech.getByTestId("offline-indicator")).toContainText("1 change waiting");
    // Meanwhile the office makes the job urgent.
    const urgent = await api<JobDTO>(page, "PUT", `/api/jobs/${job.id}`, {
      priority: "urgent",
      version: job.version,
    });
    expect(urgent.priority).toBe("urgent");

    await tech.context().setOffline(false);
    const conflict = card.getByTestId("my-job-conflict");
    await expect(conflict).toBeVisible(slow);
    const changes = conflict.getByTestId("my-job-office-changes");
    await expect(changes).toContainText("Priority");
    await expect(changes).toContainText("Normal");
    await expect(changes).toContainText("Urgent");
    await expect(card.getByTestId("job-priority")).toHaveText("Urgent");

    // Keep mine: the completion is sent again on the job as it is now, urgent.
    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await expect(card).toHaveAttribute("data-status", "completed");
    await expect(tech.getByTestId("offline-indicator")).toHaveText("All sent");
    const [done] = await api<JobDTO[]>(
      page,
      "GET",
      `/api/jobs?companyId=${owner.companyId}&startDate=${today()}&endDate=${today()}`,
    );
    expect([done.status, done.priority, done.version]).toEqual(["completed", "urgent", urgent.version + 1]);
  });
});
