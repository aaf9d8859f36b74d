/**
 * The call log suggests existing customers (docs/call-log.md): typing the caller's name or
 * phone lists matching customers; picking one fills the form and links the call, and the
 * job booked from it is that customer's, named on its card. Desktop and phone.
 */
import type { CallRecordDTO, CustomerDTO } from "@sched/shared-types";
import { api, expect, test } from "../fixtures";

test.describe("caller suggestions", () => {
  test.describe.configure({ timeout: 120_000 });

  test("typing a phone suggests the customer; picking links the call to them", async ({ page, owner }) => {
    const ana = await api<CustomerDTO>(page, "POST", "/api/customers", {
      companyId: owner.companyId,
      name: "Ana Ruiz",
      phone: "(555) 010-7000",
      address: "9 Card St",
    });
    await page.goto("/calls");
    await expect(page.getByTestId("call-count")).toBeVisible({ timeout: 30_000 });
    await page
      .getByRole("button", { name: /Log (Your First )?Call/ })
      .first()
      .click();
    const form = page.getByTestId("call-record-form");
    await form.getByLabel("Phone").fill("555 010 70");
    const suggestions = form.getByTestId("caller-suggestions");
    await suggestions.getByRole("button", { name: /Ana Ruiz/ }).click({ timeout: 15_000 });
    await expect(form.getByLabel("Customer name")).toHaveValue("Ana Ruiz");
    await expect(form.getByLabel("Address")).toHaveValue("9 Card St");
    await expect(form.getByTestId("caller-linked")).toBeVisible();
    const date = await form.getByLabel("Date").inputValue();
    await form.getByRole("button", { name: "Log Call" }).click();
    await expect(page.getByText("Call record created successfully")).toBeVisible({ timeout: 15_000 });

    const today = await api<CallRecordDTO[]>(
      page,
      "GET",
      `/api/call-records?companyId=${owner.companyId}&date=${date}`,
    );
    expect(today.map((call) => call.customerId)).toEqual([ana.id]);
  });
});
