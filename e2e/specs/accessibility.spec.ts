/**
 * Accessibility, measured (docs/accessibility.md): axe-core on every screen, signed out and
 * signed in as owner, admin, employee and system administrator, with the main dialogs open:
 * no serious or critical violation. One page per role visits the screens in turn, so the
 * spec stays quick. The screens are the client router's routes, read from its table
 * (../client-routes.ts): a route no visit list below opens fails the spec.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { JobDTO } from "@sched/shared-types";
import { clientRoutes } from "../client-routes";
import {
  addEmployee,
  api,
  expect as baseExpect,
  freshPage,
  isPhone,
  type Owner,
  PASSWORD,
  registerOwner,
  test,
  untilStill,
} from "../fixtures";
import { invite, memberPage } from "../members";

const expect = baseExpect.configure({ timeout: 15_000 });
/** A fresh browser loads the whole app first; on a busy machine that takes a while. */
const FIRST_LOAD = { timeout: 45_000 };
const BLOCKING = new Set(["serious", "critical"]);
/** e2e/server.ts starts the app with this setup password. */
const SETUP_PASSWORD = process.env.ADMIN_SETUP_PASSWORD ?? "e2e-admin-setup";

// The pages have a strict CSP; axe's injected script needs it lifted.
test.use({ bypassCSP: true });

const pad = (n: number) => String(n).padStart(2, "0");
const isoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const today = () => isoDate(new Date());
/** Monday of this week (the board's weeks start on Monday). */
const thisMonday = () => {
  const date = new Date();
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return isoDate(date);
};

/** Waits until the screen has loaded its data and finished animating. */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".ant-skeleton, .ant-spin-spinning, .page-spinner")).toHaveCount(0);
  await untilStill(page);
}

/**
 * Controls whose name is more than the words people see: an icon's label ("plus Log Call")
 * is part of it. Icons beside words are aria-hidden (docs/accessibility.md); an icon alone
 * names nothing, its control carries an aria-label.
 */
async function iconsInNames(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll("button, a[href], [role=tab], [role=menuitem], [role=button]")]
      .filter((control) => !control.hasAttribute("aria-label") && !control.hasAttribute("aria-labelledby"))
      .filter((control) => (control as HTMLElement).innerText?.trim())
      .filter((control) =>
        [...control.querySelectorAll(".anticon[aria-label]")].some(
          (icon) => !icon.closest("[aria-hidden=true]"),
        ),
      )
      .map((control) => (control as HTMLElement).innerText.trim().slice(0, 40)),
  );
  return found.map((words) => `${where}: an icon's label is in the name of "${words}"`);
}

/** The serious and critical violations on the page as it is now, one line each. */
async function audit(page: Page, where: string): Promise<string[]> {
  await settle(page);
  const iconNames = await iconsInNames(page, where);
  // Legacy mode runs axe in the page itself, without opening a blank page for every audit.
  // The WCAG A and AA rules (2.0 to 2.2) are the standard; best-practice rules are not run.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map((violation) => {
      const targets = violation.nodes.slice(0, 8).map((node) => {
        // Contrast findings say which colours met, to make the fix obvious.
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string } | undefined;
        const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor}` : "";
        return `${node.target.join(" ")}${colours}`;
      });
      return `${where}: ${violation.id} (${violation.impact}) ${violation.help} at ${targets.join(" | ")}`;
    });
  return [...blocking, ...iconNames];
}

/**
 * Visits each path in turn and audits it. After the first, the app's router moves (as a
 * click on a link would): one boot of the app per role keeps the spec quick.
 */
async function auditPaths(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [index, path] of paths.entries()) {
    if (index === 0) await page.goto(path);
    else {
      await page.evaluate((to) => {
        window.history.pushState(null, "", to);
        window.dispatchEvent(new PopStateEvent("popstate"));
      }, path);
    }
    found.push(...(await audit(page, path)));
  }
  return found;
}

/** Opens a dialog with `open`, audits the page with it, and closes it with Escape. */
async function auditDialog(page: Page, name: string, open: () => Promise<void>): Promise<string[]> {
  await open();
  await expect(page.getByRole("dialog", { name })).toBeVisible();
  const found = await audit(page, `dialog ${name}`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name })).toBeHidden();
  return found;
}

/** A roster employee, a customer and one job today for them, so boards and lists have something to show. */
async function seed(page: Page, owner: Owner) {
  const employee = await addEmployee(page, owner.companyId, "Tia Tech", "green");
  const customer = await api<{ id: string }>(page, "POST", "/api/customers", {
    companyId: owner.companyId,
    name: "Cora Customer",
    phone: "(555) 010-2000",
    address: "12 Oak Rd",
  });
  const job = await api<JobDTO>(page, "POST", "/api/jobs", {
    customerId: customer.id,
    companyId: owner.companyId,
    employeeId: employee.id,
    date: today(),
    time: "09:00",
    type: "Repair",
    location: "12 Oak Rd",
  });
  // Every payment colour and more job type tints on cards, so their contrast is audited too.
  const others = [
    { type: "Plumbing", paymentStatus: "paid", status: "completed" },
    { type: "Installation", paymentStatus: "billed", status: "in_progress" },
    { type: "Emergency", paymentStatus: "overdue", status: "cancelled" },
  ];
  for (const [index, other] of others.entries()) {
    await api<JobDTO>(page, "POST", "/api/jobs", {
      companyId: owner.companyId,
      employeeId: employee.id,
      date: today(),
      time: `1${index + 1}:00`,
      location: `${20 + index} Oak Rd`,
      amount: "120.00",
      ...other,
    });
  }
  return { employee, job, customer };
}

/** A client route (its pattern in client/src/app/router.tsx) and an address that opens it. */
type Visit = { route: string; path: string };
const paths = (visits: Visit[]) => visits.map((visit) => visit.path);

/** What a signed-out visitor opens, the invitation and unsubscribe pages' own invalid-link states included. */
const signedOutVisits = (inviteToken: string): Visit[] => [
  { route: "/login", path: "/login" },
  { route: "/register", path: "/register" },
  { route: "/forgot-password", path: "/forgot-password" },
  { route: "/reset-password/:token", path: "/reset-password/not-a-real-token" },
  { route: "/admin", path: "/admin" },
  { route: "/admin-setup", path: "/admin-setup" },
  { route: "/invite/:token", path: `/invite/${inviteToken}` },
  { route: "/invite/:token", path: "/invite/not-a-real-token" },
  { route: "/unsubscribe/:token", path: "/unsubscribe/not-a-real-token" },
  { route: "*", path: "/no-such-page" },
];

/** Every screen a signed-in member can open (some answer "not for you", which is audited too). */
const memberVisits = (customerId: string): Visit[] => [
  { route: "/", path: "/" },
  { route: "/schedule", path: "/schedule?view=week" },
  { route: "/schedule", path: "/schedule?view=employee" },
  { route: "/schedule", path: "/schedule?view=day" },
  { route: "/employees", path: "/employees" },
  { route: "/templates", path: "/templates" },
  { route: "/history", path: "/history" },
  { route: "/history/:weekStart", path: `/history/${thisMonday()}` },
  { route: "/chat", path: "/chat" },
  { route: "/team", path: "/team" },
  { route: "/calls", path: "/calls" },
  { route: "/customers", path: "/customers" },
  { route: "/customers/:customerId", path: `/customers/${customerId}` },
  { route: "/quotes", path: "/quotes" },
  { route: "/quotes/new", path: `/quotes/new?customerId=${customerId}` },
  // No quote is seeded: the quote's and the editor's "not found" answers are audited.
  { route: "/quotes/:quoteId", path: "/quotes/not-a-quote" },
  { route: "/quotes/:quoteId/edit", path: "/quotes/not-a-quote/edit" },
  { route: "/invoices", path: "/invoices" },
  // An unknown invoice answers its not-found state, which is audited too.
  { route: "/invoices/:invoiceId", path: "/invoices/not-an-invoice" },
  { route: "/timesheets", path: "/timesheets" },
  { route: "/numbers", path: "/numbers" },
  { route: "/subscription", path: "/subscription" },
  { route: "/subscription-success", path: "/subscription-success" },
  { route: "/my-day", path: "/my-day" },
  { route: "/settings", path: "/settings" },
  { route: "*", path: "/no-such-page" },
];

/** The system administrator's dashboard, signed in. */
const systemAdminVisits: Visit[] = [{ route: "/admin", path: "/admin" }];

test.describe("accessibility (axe-core)", () => {
  // A dozen screens in turn, each audited: more than one page's budget on a loaded machine.
  test.setTimeout(240_000);

  test("the visits open every route of the client router, and only those", () => {
    const routes = clientRoutes();
    const visited = new Set(
      [...signedOutVisits("token"), ...memberVisits("id"), ...systemAdminVisits].map((visit) => visit.route),
    );
    expect(routes.filter((route) => !visited.has(route))).toEqual([]);
    expect([...visited].filter((route) => !routes.includes(route))).toEqual([]);
  });

  test("signed out: sign-in, registration, admin, setup, invitations, unsubscribe and the 404 page", async ({
    page,
    owner,
    browser,
  }, testInfo) => {
    const token = await invite(page, owner, "employee");
    const visitor = await freshPage(browser, testInfo, { bypassCSP: true });
    await visitor.goto("/login");
    await expect(visitor.getByRole("button", { name: "Sign in" })).toBeVisible(FIRST_LOAD);
    expect(await auditPaths(visitor, paths(signedOutVisits(token)))).toEqual([]);
  });

  test("the owner: every screen and the main dialogs", async ({ page, owner }) => {
    const { customer } = await seed(page, owner);
    await page.goto("/schedule?view=week");
    await expect(page.getByRole("button", { name: "Add Job", exact: true })).toBeVisible(FIRST_LOAD);
    // Navigation links (desktop bar or phone bar) are named by their words alone, not "calendar Schedule".
    // A phone's bar keeps what fits its width (Team is under More at 390 px): More is opened.
    if (isPhone(page)) await page.getByTestId("mobile-more").click();
    for (const name of ["Schedule", "Employees", "History", "Chat", "Calls", "Team"]) {
      await expect(page.getByRole("link", { name, exact: true }).filter({ visible: true })).toHaveCount(1);
    }
    if (isPhone(page)) await page.keyboard.press("Escape");
    const found = await auditPaths(page, paths(memberVisits(customer.id)));

    await page.goto("/schedule?view=day");
    found.push(
      ...(await auditDialog(page, "Add Job", () =>
        page.getByRole("button", { name: "Add Job", exact: true }).click(),
      )),
      ...(await auditDialog(page, "Edit Job", () => page.getByTestId("job-card").first().click())),
    );
    await page.goto("/employees");
    found.push(
      ...(await auditDialog(page, "Add Employee", () =>
        page.getByRole("button", { name: "Add Employee" }).first().click(),
      )),
    );
    await page.goto("/team");
    found.push(
      ...(await auditDialog(page, "Invite Team Member", () =>
        page.getByRole("button", { name: "Invite Team Member" }).click(),
      )),
    );
    await page.goto("/customers");
    found.push(
      ...(await auditDialog(page, "Import Customers", () =>
        page.getByRole("button", { name: "Import", exact: true }).click(),
      )),
      ...(await auditDialog(page, "New Customer", () =>
        page.getByRole("button", { name: "New Customer", exact: true }).click(),
      )),
    );
    expect(found).toEqual([]);
  });

  test("an admin: every screen", async ({ page, owner, browser }, testInfo) => {
    const { customer } = await seed(page, owner);
    const admin = await memberPage(page, owner, "admin", browser, testInfo, { context: { bypassCSP: true } });
    await admin.goto("/schedule");
    await expect(admin.getByRole("button", { name: "Add Job", exact: true })).toBeVisible(FIRST_LOAD);
    expect(await auditPaths(admin, paths(memberVisits(customer.id)))).toEqual([]);
  });

  test("an employee linked to the roster: every screen", async ({ page, owner, browser }, testInfo) => {
    const { employee, customer } = await seed(page, owner);
    const tech = await memberPage(page, owner, "employee", browser, testInfo, {
      employeeId: employee.id,
      context: { bypassCSP: true },
    });
    await tech.goto("/my-day");
    await expect(tech.getByText("12 Oak Rd").first()).toBeVisible(FIRST_LOAD);
    expect(await auditPaths(tech, paths(memberVisits(customer.id)))).toEqual([]);
  });

  test("a system administrator: the admin dashboard", async ({ browser }, testInfo) => {
    const sysop = await freshPage(browser, testInfo, { bypassCSP: true });
    const { email } = await registerOwner(sysop.request, "Sysop Services");
    const made = await sysop.request.post("/api/make-admin", {
      data: { email, adminPassword: SETUP_PASSWORD },
    });
    expect(made.status(), await made.text()).toBe(200);
    const login = await sysop.request.post("/api/login", { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    await sysop.goto("/admin");
    await expect(sysop.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible(FIRST_LOAD);
    expect(await auditPaths(sysop, paths(systemAdminVisits))).toEqual([]);
  });
});
