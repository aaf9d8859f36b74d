/**
 * Their own work only, on a technician's phone (docs/my-day.md, docs/customers.md): My Day's
 * card names the customer and the job's length; the customer list holds the customers of
 * their own jobs only, another customer's page is not found; no trial banner, and Team and
 * History are neither offered nor opened.
 */
import type { JobDTO } from "@sched/shared-types";
import { addEmployee, api, expect as baseExpect, test } from "../fixtures";
import { memberPage } from "../members";

// Each step waits for a server round trip: allow a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });
/** A fresh browser loads the whole app first. */
const FIRST_LOAD = { timeout: 45_000 };
const PHONE = { width: 390, height: 844 };

/** Today as the browsers on this machine see it (yyyy-MM-dd, local time). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

test.describe("a technician's own work only", () => {
  test.skip(({ isMobile }) => !isMobile, "a phone's story");
  test.slow();

  test("My Day names the customer and the length; the customers are theirs; Team and History stay the office's", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const tia = await addEmployee(page, owner.companyId, "Tia Tech");
    const colleague = await addEmployee(page, owner.companyId, "Cole League");
    const customer = (name: string) =>
      api<{ id: string }>(page, "POST", "/api/customers", { companyId: owner.companyId, name });
    const mine = await customer("Martha Mine");
    const theirs = await customer("Theo Theirs");
    const job = (employeeId: string, customerId: string, time: string) =>
      api<JobDTO>(page, "POST", "/api/jobs", {
        companyId: owner.companyId,
        employeeId,
        customerId,
        date: today(),
        time,
        durationMinutes: 90,
        type: "Repair",
        location: "4 Elm St",
      });
    await job(tia.id, mine.id, "09:00");
    await job(colleague.id, theirs.id, "11:00");

    const tech = await memberPage(page, owner, "employee", browser, testInfo, {
      employeeId: tia.id,
      name: { firstName: "Tia", lastName: "Tech" },
      context: { viewport: PHONE },
    });
    await tech.goto("/my-day");
    const card = tech.getByTestId("my-day-job");
    await expect(card).toHaveCount(1, FIRST_LOAD);
    await expect(card.getByTestId("my-job-customer-name")).toHaveText("Martha Mine");
    await expect(card.getByTestId("my-job-length")).toHaveText("1 h 30 min");

    // The owner's company is on its trial: the technician is not told about billing.
    await expect(tech.getByTestId("subscription-banner")).toHaveCount(0);
    const bar = tech.getByTestId("mobile-bar");
    await expect(bar.getByRole("link")).toHaveText(["My Day", "Schedule", "Customers", "Chat"]);

    await bar.getByRole("link", { name: "Customers" }).click();
    await expect(tech.getByTestId("customer-row")).toHaveText([/Martha Mine/]);
    await tech.goto(`/customers/${theirs.id}`);
    await expect(tech.getByText("Customer not found")).toBeVisible();

    for (const path of ["/team", "/history"]) {
      await tech.goto(path);
      await expect(tech).toHaveURL(/\/my-day/);
    }
  });
});
