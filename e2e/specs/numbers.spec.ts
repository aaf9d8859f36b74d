/**
 * The Numbers screen (docs/numbers.md), desktop and phone: a past week with three calls,
 * one booked into a job and one job done; the figures beside the previous week, the list
 * behind a number (a rate's too, with its own CSV), the charts as tables, one technician,
 * the CSV, and the empty and error states.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { CallRecordDTO, EmployeeDTO } from "@sched/shared-types";
import { addEmployee, api, expect as baseExpect, isPhone, test } from "../fixtures";
import { pickOption } from "../selects";

const expect = baseExpect.configure({ timeout: 15_000 });
/** A first visit loads the whole app: allow a loaded machine. */
const FIRST_LOAD = { timeout: 60_000 };
const WEEK = "kind=week&from=2026-03-02&to=2026-03-08";

/** Clicks the open list's Download CSV and reads the file the browser saved. */
async function downloadListCsv(page: Page) {
  const saved = page.waitForEvent("download");
  await page.getByTestId("numbers-items-csv").click();
  const download = await saved;
  return { name: download.suggestedFilename(), text: await readFile((await download.path()) ?? "", "utf8") };
}

test.describe("numbers", () => {
  test.setTimeout(120_000);

  test("a week's figures, the list behind one, tables, a technician and the CSV", async ({ page, owner }) => {
    const { companyId } = owner;
    const tia: EmployeeDTO = await addEmployee(page, companyId, "Tia Tech");
    await addEmployee(page, companyId, "Sam Spanner");
    const calls: CallRecordDTO[] = [];
    for (const name of ["Ada Caller", "Ben Caller", "Cy Caller"]) {
      calls.push(
        await api<CallRecordDTO>(page, "POST", "/api/call-records", {
          companyId,
          customerName: name,
          customerPhone: "555-0100",
          serviceType: "service",
          callDate: "2026-03-03",
          callTime: "09:00",
        }),
      );
    }
    const job = { companyId, employeeId: tia.id, type: "Repair", location: "12 Oak Rd", time: "10:00" };
    await api(page, "POST", "/api/jobs", { ...job, date: "2026-03-04", callRecordId: calls[0].id });
    await api(page, "POST", "/api/jobs", { ...job, date: "2026-03-05", status: "completed" });

    await page.goto(`/numbers?${WEEK}`);
    await expect(page.getByRole("heading", { name: "Numbers", level: 1 })).toBeVisible(FIRST_LOAD);
    await expect(page.getByTestId("numbers-period")).toHaveText("Mar 2 – Mar 8, 2026");
    await expect(page.getByTestId("figure-calls-booked-value")).toHaveText("1");
    await expect(page.getByTestId("figure-booking-rate-value")).toHaveText("33%");
    await expect(page.getByTestId("figure-booking-rate-previous")).toHaveText("previous –");
    await expect(page.getByTestId("figure-done-value")).toHaveText("1");
    await expect(page.getByTestId("numbers-people")).toContainText("Tia Tech");

    // The number opens the calls it counted.
    await page.getByTestId("figure-calls-booked-value").click();
    const list = page.getByTestId("numbers-items");
    await expect(list.getByRole("row", { name: /Ada Caller/ })).toBeVisible();
    await expect(list.getByRole("row", { name: /Ben Caller/ })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();

    // A rate opens its list too: the calls it divides, and every one of them as CSV.
    await page.getByTestId("figure-booking-rate-value").click();
    await expect(page.getByTestId("numbers-items-note")).toHaveText("1 of 3 calls were booked.");
    await expect(list.getByRole("row", { name: /Cy Caller/ })).toBeVisible();
    const callsCsv = await downloadListCsv(page);
    expect(callsCsv.name).toBe("numbers-calls-2026-03-02-to-2026-03-08.csv");
    expect(callsCsv.text).toContain("Date,Time,Caller,Customer,Technician,Why it counts\r\n");
    expect(callsCsv.text).toContain("2026-03-03,09:00,Ada Caller,Ada Caller,,Booked\r\n");
    expect(callsCsv.text.trim().split("\r\n")).toHaveLength(4);
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();

    // Utilization opens the technicians whose minutes make it.
    await page.getByTestId("figure-utilization-value").click();
    await expect(page.getByTestId("numbers-items-note")).toHaveText("0 of 0 minutes clocked were on jobs.");
    await expect(list.getByRole("row", { name: /Tia Tech/ })).toBeVisible();
    const people = await downloadListCsv(page);
    expect(people.text).toContain(
      "Technician,Job minutes,Clocked minutes,Utilization,Drive minutes,Drive share\r\n",
    );
    expect(people.text).toContain("Tia Tech,0,0,,0,\r\n");
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();

    // Each chart as a table, for the keyboard and screen readers.
    await page.getByRole("switch", { name: "Charts as tables" }).click();
    const table = page.getByRole("table", { name: "Booking rate, last periods" });
    await expect(table.getByRole("row", { name: "Mar 2 33%" })).toBeVisible();

    // The CSV of the same period.
    const href = await page.getByTestId("numbers-csv").getAttribute("href");
    const csv = await page.request.get(href ?? "");
    expect(await csv.text()).toContain("Calls logged,3,0\r\n");

    // One technician: the address keeps the choice.
    const who = page.locator(".numbers-controls__who");
    await pickOption(page, who, "Sam Spanner");
    await expect(page).toHaveURL(/employeeId=/);
    await expect(page.getByTestId("figure-done-value")).toHaveText("0");

    // The week before the week before: nothing recorded.
    await page.getByRole("button", { name: "Previous period" }).click();
    await expect(page.getByTestId("numbers-period")).toHaveText("Feb 23 – Mar 1, 2026");
    await expect(page.getByTestId("numbers-empty")).toBeVisible();
  });

  test("the office finds it in the navigation; a bad range says why", async ({ page, owner }) => {
    expect(owner.companyId).toBeTruthy();
    await page.goto("/schedule");
    if (isPhone(page)) {
      await page.goto("/numbers?kind=custom&from=2024-01-01&to=2026-01-01");
    } else {
      await page.getByRole("link", { name: "Numbers" }).click(FIRST_LOAD);
      await expect(page.getByRole("heading", { name: "Numbers", level: 1 })).toBeVisible(FIRST_LOAD);
      await page.goto("/numbers?kind=custom&from=2024-01-01&to=2026-01-01");
    }
    await expect(page.getByTestId("numbers-error")).toContainText(
      "The period can be at most 366 days",
      FIRST_LOAD,
    );
  });
});
