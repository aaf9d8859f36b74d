/**
 * Company members for specs that need more than the owner: an invitation over the API,
 * its link read from the worker's outbox (no SMTP_URL in e2e), accepted in a browser of
 * the member's own.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page, TestInfo } from "@playwright/test";
import type { InvitableRole, Role } from "@sched/shared-types";
import {
  api,
  e2eDataDir,
  expect,
  freshPage,
  type Owner,
  PASSWORD,
  selectCompany,
  uniqueEmail,
} from "./fixtures";

/** The invitation token in the e-mail the worker wrote to `email`. */
export async function invitationToken(email: string): Promise<string> {
  const outbox = path.join(e2eDataDir(), "outbox");
  const name = email.replace(/[^a-z0-9@._-]+/gi, "_");
  let token: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox).filter((file) => file.endsWith(`-${name}.eml`));
        } catch {
          // The worker has written nothing yet.
        }
        const raw = files.map((file) => readFileSync(path.join(outbox, file), "utf8")).join("\n");
        const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        token = decoded.match(/\/invite\/([A-Za-z0-9_-]{43})/)?.[1];
        return token;
      },
      { timeout: 20_000, message: `an invitation e-mail to ${email}` },
    )
    .toBeTruthy();
  return token ?? "";
}

/** Invites `email` as `role` (optionally linked to a roster employee); answers the token. */
export async function invite(ownerPage: Page, owner: Owner, role: Role, employeeId?: string) {
  const email = uniqueEmail(role);
  await api(ownerPage, "POST", `/api/companies/${owner.companyId}/invitations`, { email, role, employeeId });
  return invitationToken(email);
}

/** Who accepts an invitation when a spec does not name them. */
const DEFAULT_NAMES: Record<InvitableRole, { firstName: string; lastName: string }> = {
  admin: { firstName: "Ada", lastName: "Member" },
  employee: { firstName: "Tia", lastName: "Member" },
};

/**
 * A member of the owner's company, signed in on a page of their own with the company
 * selected: `employeeId` links them to a roster entry, `name` is who accepts, `context`
 * changes the page's browser options (a phone's viewport, bypassCSP).
 */
export async function memberPage(
  ownerPage: Page,
  owner: Owner,
  role: InvitableRole,
  browser: Browser,
  testInfo: TestInfo,
  options: {
    employeeId?: string;
    name?: { firstName: string; lastName: string };
    context?: BrowserContextOptions;
  } = {},
): Promise<Page> {
  const token = await invite(ownerPage, owner, role, options.employeeId);
  const page = await freshPage(browser, testInfo, options.context);
  const accepted = await page.request.post(`/api/invitations/token/${token}/accept`, {
    data: { ...(options.name ?? DEFAULT_NAMES[role]), password: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await selectCompany(page, owner.companyId);
  return page;
}
