/**
 * Editing a job, logging a call and inviting a member with the keyboard only
 * (docs/accessibility.md): every step reached with Tab shows its focus ring, the form takes
 * the focus when it opens, and the focus goes back to what opened it when it closes (saved,
 * or Escape).
 */
import type { JobDTO } from "@sched/shared-types";
import { addEmployee, api, test, uniqueEmail } from "../fixtures";
import { expect, expectVisibleFocus, tabTo } from "../keyboard";

/** A Monday well ahead, so "today" never changes what the board shows. */
const MONDAY = "2031-03-03";

test.describe("keyboard: job, call log and team", () => {
  test.slow();

  test("edit a job by keyboard; the focus returns to its card", async ({ page, owner }) => {
    const kim = await addEmployee(page, owner.companyId, "Kim Keys", "green");
    const job = await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: kim.id,
      date: MONDAY,
      time: "09:00",
      type: "Repair",
      location: "12 Oak Rd",
    });
    await page.goto(`/schedule?week=${MONDAY}&day=${MONDAY}`);
    const card = page.locator(`[data-testid="job-card"][data-job-id="${job.id}"]`);
    await tabTo(page, card);
    await page.keyboard.press("Enter");
    const edit = page.getByRole("dialog", { name: "Edit Job" });
    await expect(edit).toBeVisible();
    await tabTo(page, edit.getByLabel("Location"));
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("8 Edited Way");
    await tabTo(page, edit.getByRole("button", { name: "Update Job" }));
    await page.keyboard.press("Enter");
    await expect(edit).toBeHidden();
    await expect(card).toContainText("8 Edited Way");
    await expect(card).toBeFocused();
  });

  test("log a call and edit it by keyboard; the focus returns to the opener", async ({
    page,
    owner: _owner,
  }) => {
    await page.goto("/calls");
    await expect(page.getByTestId("call-count")).toHaveText("0 calls logged today", { timeout: 30_000 });

    const logCall = page.getByRole("button", { name: "Log Call", exact: true });
    await tabTo(page, logCall);
    await page.keyboard.press("Enter");
    const form = page.getByTestId("call-record-form");
    await expect(form.getByText("Log Call Record")).toBeVisible();
    // The form takes the focus: its first field.
    await expect(form.getByLabel("Customer name")).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type("Kira Keys");
    // Phones show the keyboard of each field (docs/accessibility.md).
    await expect(form.getByLabel("Phone")).toHaveAttribute("type", "tel");
    await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
    await tabTo(page, form.getByLabel("Phone"));
    await page.keyboard.type("555 010 2030");
    // The service type is a radio group: the arrow keys choose.
    // (antd draws the radio's label; the input itself is hidden under it.)
    await tabTo(page, form.locator(".ant-radio-button-wrapper", { hasText: "Service" }));
    await page.keyboard.press("ArrowRight");
    await expect(form.getByRole("radio", { name: "Estimate" })).toBeChecked();
    await tabTo(page, form.getByLabel("Notes"));
    await page.keyboard.type("Typed, not clicked");
    await tabTo(page, form.getByRole("button", { name: "Log Call" }));
    await page.keyboard.press("Enter");

    await expect(page.getByText("Call record created successfully")).toBeVisible();
    await expect(form).toBeHidden();
    const card = page.getByTestId("call-card");
    await expect(card).toContainText("Kira Keys");
    await expect(card).toContainText("Estimate");
    await expect(page.getByTestId("call-count")).toHaveText("1 call logged today");
    await expect(logCall).toBeFocused();

    // Edit from the card: the form takes the focus, Escape closes it, the focus is back on Edit.
    const edit = card.getByRole("button", { name: "Edit call from Kira Keys" });
    await tabTo(page, edit);
    await page.keyboard.press("Enter");
    await expect(form.getByText("Edit Call Record")).toBeVisible();
    await expect(form.getByLabel("Customer name")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(form).toBeHidden();
    await expect(edit).toBeFocused();

    // Saving an edit by Enter in a field returns the focus to Edit too.
    await page.keyboard.press("Enter");
    await expect(form.getByLabel("Customer name")).toBeFocused();
    await tabTo(page, form.getByLabel("Address"));
    await page.keyboard.type("3 Tab Street");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Call record updated successfully")).toBeVisible();
    await expect(form).toBeHidden();
    await expect(card).toContainText("3 Tab Street");
    await expect(edit).toBeFocused();
  });

  test("invite a member by keyboard; the focus returns to Invite Team Member", async ({
    page,
    owner: _owner,
  }) => {
    await page.goto("/team");
    const open = page.getByRole("button", { name: "Invite Team Member" });
    await tabTo(page, open);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Invite Team Member" });
    await expect(dialog).toBeVisible();
    // The dialog takes the focus: the e-mail field.
    const email = dialog.getByLabel("Email");
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute("type", "email");
    await expectVisibleFocus(page);
    const address = uniqueEmail("keyboard-invite");
    await page.keyboard.type(address);

    // The role select: the arrow opens the list on the chosen role, the next arrow moves, Enter picks.
    await tabTo(page, dialog.getByRole("combobox", { name: "Role" }));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Manages schedules, employees, templates")).toBeVisible();

    await tabTo(page, dialog.getByRole("button", { name: "Send Invitation" }));
    await page.keyboard.press("Enter");
    await expect(page.getByText("Invitation sent")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("team-invitation").filter({ hasText: address })).toBeVisible();
    await expect(open).toBeFocused();
  });
});
