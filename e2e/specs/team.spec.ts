import type { InvitationDTO } from "@sched/shared-types";
import { fieldMessagesSettled } from "../board";
import { api, expect as baseExpect, test, uniqueEmail } from "../fixtures";
import { chooseOption } from "../selects";

/** A fresh browser loads the whole app first; on a busy machine that takes a while. */
const FIRST_LOAD = { timeout: 45_000 };
// Each step waits for a server round trip (and the worker, or a socket event): allow a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe("Team Management", () => {
  test.slow();

  test("the owner sees the team, the role cards and no remove button for themselves", async ({
    page,
    owner,
  }) => {
    await page.goto("/team");
    await expect(page.getByRole("heading", { name: "Team Management" })).toBeVisible(FIRST_LOAD);
    const self = page.getByTestId("team-member").filter({ hasText: owner.email });
    await expect(self).toContainText("Olive Owner");
    await expect(self).toContainText("(you)");
    await expect(self.getByTestId("member-role")).toHaveText("Owner");
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByTestId("team-invitations")).toContainText("No pending invitations");
    await expect(page.getByTestId("team-access-note")).toHaveCount(0);

    await expect(page.getByTestId("role-card-owner")).toContainText("Billing and subscription");
    await expect(page.getByTestId("role-card-owner")).toContainText("Your role");
    await expect(page.getByTestId("role-card-admin")).toContainText("View all company data");
    await expect(page.getByTestId("role-card-employee")).toContainText("Upload job photos");
  });

  test("the invite dialog: an empty address, a malformed one, and a current member", async ({
    page,
    owner,
  }) => {
    await page.goto("/team");
    await page.getByRole("button", { name: "Invite Team Member" }).click(FIRST_LOAD);
    const dialog = page.getByRole("dialog", { name: "Invite Team Member" });

    await dialog.getByLabel("Email").fill("   ");
    await dialog.getByTestId("invite-submit").click();
    await expect(page.getByText("Email required")).toBeVisible();
    await expect(page.getByText("Please enter an email address.")).toBeVisible();

    await dialog.getByLabel("Email").fill("not-an-address");
    await dialog.getByTestId("invite-submit").click();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();

    await dialog.getByLabel("Email").fill(owner.email.toUpperCase());
    await fieldMessagesSettled(dialog);
    await dialog.getByTestId("invite-submit").click();
    await expect(page.getByText("Failed to send invitation")).toBeVisible();
    await expect(page.getByText("This person is already a member of this company")).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("inviting as an admin, then cancelling the invitation", async ({ page, owner }) => {
    const email = uniqueEmail("admin-to-be");
    await page.goto("/team");
    await page.getByRole("button", { name: "Invite Team Member" }).click(FIRST_LOAD);
    const dialog = page.getByRole("dialog", { name: "Invite Team Member" });
    await dialog.getByLabel("Email").fill(email);
    await chooseOption(page, dialog, "Role", "Admin");
    await expect(dialog).toContainText("can invite and remove members");
    await dialog.getByTestId("invite-submit").click();
    await expect(page.getByText("Invitation sent")).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId("team-invitation").filter({ hasText: email });
    await expect(row).toContainText("Admin");
    await expect(row).toContainText("Expires");
    const pending = await api<InvitationDTO[]>(page, "GET", `/api/companies/${owner.companyId}/invitations`);
    expect(pending.map((i) => [i.email, i.role])).toEqual([[email, "admin"]]);

    await row.getByRole("button", { name: `Cancel invitation for ${email}` }).click();
    await page.getByRole("button", { name: "Cancel invitation", exact: true }).click();
    await expect(page.getByText("Invitation cancelled")).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId("team-invitations")).toContainText("No pending invitations");
  });
});
