import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { settled } from "../board";
import {
  expect as baseExpect,
  e2eDataDir,
  freshPage,
  isPhone,
  PASSWORD,
  registerOwner,
  test,
  uniqueEmail,
} from "../fixtures";

/** A fresh browser loads the whole app first; on a busy machine that takes a while. */
const FIRST_LOAD = { timeout: 45_000 };
// Each step waits for a server round trip (and the worker, or a socket event): allow a loaded machine.
const expect = baseExpect.configure({ timeout: 15_000 });

/** The link in the invitation e-mail the worker wrote to the outbox (no SMTP_URL in e2e). */
async function linkFromOutbox(email: string): Promise<string> {
  const outbox = path.join(e2eDataDir(), "outbox");
  const name = email.replace(/[^a-z0-9@._-]+/gi, "_");
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(outbox).filter((file) => file.endsWith(`-${name}.eml`));
          } catch {
            return [];
          }
        })();
        const raw = files.map((file) => readFileSync(path.join(outbox, file), "utf8")).join("\n");
        // Quoted-printable: undo soft line breaks so a long link reads as one string.
        const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        link = decoded.match(/https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]{43}/)?.[0];
        return link;
      },
      { timeout: 20_000, message: `an invitation e-mail to ${email} in the outbox` },
    )
    .toBeTruthy();
  return link!;
}

test.describe("Accepting an invitation", () => {
  // Two browsers and a round trip through the worker's outbox: more than one page's budget.
  test.slow();

  test("owner invites → the e-mailed link, in a fresh browser → new account → inside the company as an employee", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const email = uniqueEmail("joiner");
    await page.goto("/team");
    await expect(page.getByRole("heading", { name: "Team Management" })).toBeVisible(FIRST_LOAD);
    await page.getByRole("button", { name: "Invite Team Member" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite Team Member" });
    await dialog.getByLabel("Email").fill(`  ${email}  `);
    await dialog.getByTestId("invite-submit").click();
    await expect(page.getByText("Invitation sent")).toBeVisible();
    await expect(page.getByTestId("team-invitation").filter({ hasText: email })).toBeVisible();

    const link = await linkFromOutbox(email);
    expect(new URL(link).origin).toBe(new URL(testInfo.project.use.baseURL!).origin);

    const invitee = await freshPage(browser, testInfo);
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { name: `Join ${owner.companyName}` })).toBeVisible(FIRST_LOAD);
    await expect(
      invitee.getByText("You have been invited to join E2E Plumbing as an employee."),
    ).toBeVisible();
    await expect(invitee.getByTestId("invite-email")).toHaveValue(email);
    await invitee.getByLabel("First name").fill("Jo");
    await invitee.getByLabel("Last name").fill("Joiner");
    await invitee.getByLabel("Password").fill(PASSWORD);
    await invitee.getByRole("button", { name: "Create account and join" }).click();

    // An employee starts on My Day on a phone (docs/my-day.md), on the schedule elsewhere.
    await expect(invitee).toHaveURL(isPhone(invitee) ? /\/my-day$/ : /\/schedule$/);
    await expect(invitee.getByText(`Welcome to ${owner.companyName}`)).toBeVisible();
    await expect(invitee.getByTestId("company-name")).toHaveText(owner.companyName);
    // An employee does the field work: My Day first, and Team is the office's screen
    // (docs/my-day.md).
    const nav = invitee.getByTestId(isPhone(invitee) ? "mobile-bar" : "desktop-nav");
    await expect(nav.getByRole("link").first()).toHaveText("My Day");
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);
    const role = await invitee.request.get("/api/companies");
    const joined = ((await role.json()) as { id: string; role: string }[]).find(
      (company) => company.id === owner.companyId,
    );
    expect(joined?.role).toBe("employee");

    // The owner's screen follows live: the new member appears and the invitation is gone.
    await expect(page.getByTestId("team-member").filter({ hasText: "Jo Joiner" })).toBeVisible();
    await expect(page.getByTestId("team-invitation").filter({ hasText: email })).toHaveCount(0);

    // The link worked once.
    await invitee.context().clearCookies();
    await invitee.goto(link);
    await expect(
      invitee.getByRole("heading", { name: "This invitation has already been used" }),
    ).toBeVisible();
    await invitee.context().close();
  });

  test("a removed member loses the company at once, on their open screen too", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const email = uniqueEmail("leaver");
    const invited = await page.request.post(`/api/companies/${owner.companyId}/invitations`, {
      data: { email },
    });
    expect(invited.status()).toBe(201);
    const token = new URL(await linkFromOutbox(email)).pathname.split("/").pop();

    const member = await freshPage(browser, testInfo);
    const accepted = await member.request.post(`/api/invitations/token/${token}/accept`, {
      data: { firstName: "Lee", lastName: "Leaver", password: PASSWORD },
    });
    expect(accepted.status()).toBe(200);
    await member.goto("/my-day");
    await expect(member.getByTestId("company-name")).toHaveText(owner.companyName, FIRST_LOAD);
    await expect(member.getByTestId("connection-status")).toHaveAttribute("data-status", "live");

    await page.goto("/team");
    const row = page.getByTestId("team-member").filter({ hasText: "Lee Leaver" });
    await row.getByRole("button", { name: "Remove Lee Leaver" }).click();
    // Aimed once the dialog has stopped zooming in: a click during the zoom can miss (seen in CI).
    await (await settled(page.getByRole("dialog"))).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Team member removed")).toBeVisible();
    await expect(row).toHaveCount(0);
    // The owner is never offered a remove button for themselves.
    await expect(page.getByRole("button", { name: "Remove Olive Owner" })).toHaveCount(0);

    // No reload on the removed member's side: the event takes them out of the company.
    await expect(member.getByRole("heading", { name: "Create your company" })).toBeVisible();
    expect((await member.request.get(`/api/companies/${owner.companyId}/users`)).status()).toBe(403);
    await member.context().close();
  });

  test("a signed-in user with another e-mail is told so and can sign out to accept", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const email = uniqueEmail("other");
    const res = await page.request.post(`/api/companies/${owner.companyId}/invitations`, {
      data: { email, role: "admin" },
    });
    expect(res.status()).toBe(201);
    const link = await linkFromOutbox(email);

    const someone = await freshPage(browser, testInfo);
    await registerOwner(someone.context().request, "Somebody Else Co");
    await someone.goto(link);
    await expect(someone.getByText("This invitation is for another account")).toBeVisible(FIRST_LOAD);
    await someone.getByRole("button", { name: "Sign out" }).click();
    await expect(someone.getByRole("button", { name: "Create account and join" })).toBeVisible();
    await expect(someone.getByText("You have been invited to join E2E Plumbing as an admin.")).toBeVisible();
    await someone.context().close();
  });

  test("an unknown link says it is not valid", async ({ page }) => {
    await page.goto(`/invite/${"x".repeat(43)}`);
    await expect(page.getByRole("heading", { name: "Invitation not found" })).toBeVisible(FIRST_LOAD);
    await expect(
      page.getByText("This invitation link is not valid. Ask for a new invitation."),
    ).toBeVisible();
  });
});
