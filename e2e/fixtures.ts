/**
 * Fixtures: every test signs up a company of its own over the API (parallel-safe),
 * and the page starts with that company selected.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  type TestInfo,
} from "@playwright/test";
import type { EmployeeDTO } from "@sched/shared-types";

export const e2eDataDir = () => path.join(os.tmpdir(), `sched-e2e-${process.env.E2E_PORT ?? "5100"}`);
/** The same app with Stripe keys for the local Stripe stub (server-card.ts); other specs see demo mode. */
export const cardAppUrl = () => `http://localhost:${Number(process.env.E2E_PORT ?? 5100) + 2}`;
export const PASSWORD = "e2e-password-1";

export type Owner = {
  email: string;
  password: string;
  companyId: string;
  companyName: string;
  userId: string;
};

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 8)}@example.test`;

/** Registers a user with a new company through the API; the request context keeps the session. */
export async function registerOwner(
  request: APIRequestContext,
  companyName = "E2E Plumbing",
): Promise<Owner> {
  const email = uniqueEmail("owner");
  const res = await request.post("/api/register", {
    data: { email, password: PASSWORD, firstName: "Olive", lastName: "Owner", companyName },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = await res.json();
  const companies = await (await request.get("/api/companies")).json();
  return { email, password: PASSWORD, companyId: companies[0].id, companyName, userId: user.id };
}

/** JSON calls as the signed-in page user (shares the page's cookies). */
export async function api<T = unknown>(page: Page, method: string, url: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(url, { method, data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The company works every day: a test about today holds on a Sunday too (a new company works
 * Monday to Friday, and a job on a day off gets a warning of its own).
 */
export const worksEveryDay = (page: Page, owner: { companyId: string }) =>
  api(page, "PUT", `/api/companies/${owner.companyId}/settings`, { workingDays: [1, 2, 3, 4, 5, 6, 7] });

/**
 * A roster employee made over the API, its initials those of its name ("Luis Garcia": LG).
 * What a test sets up rather than what it tests, so every spec makes them the same way.
 */
export function addEmployee(page: Page, companyId: string, name: string, avatarColor = "teal") {
  const initials = name
    .split(" ")
    .map((word) => word[0])
    .join("")
    .slice(0, 3);
  return api<EmployeeDTO>(page, "POST", "/api/employees", { companyId, name, initials, avatarColor });
}

export async function selectCompany(page: Page, companyId: string) {
  await page.addInitScript((id) => window.localStorage.setItem("selectedCompanyId", id), companyId);
}

export const test = base.extend<{ owner: Owner }>({
  owner: async ({ page }, use) => {
    const owner = await registerOwner(page.request);
    await selectCompany(page, owner.companyId);
    await use(owner);
  },
});

export { expect };

/**
 * Waits until nothing on the page is animating (antd folds messages open, zooms dialogs):
 * a click is aimed where its target is, and a movement that starts a frame after Playwright
 * saw the target still can carry it away.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
}

/** True when the project runs at phone size (the bottom bar instead of the desktop nav). */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/**
 * A browser with no cookies and no storage (its own socket), sized like this project's pages;
 * `extra` adds or changes context options (bypassCSP, a phone's viewport).
 */
export async function freshPage(
  browser: Browser,
  testInfo: TestInfo,
  extra: BrowserContextOptions = {},
): Promise<Page> {
  const { baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, reducedMotion } =
    testInfo.project.use;
  const options: BrowserContextOptions = {
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
    reducedMotion,
    serviceWorkers: "block",
    ...extra,
  };
  return (await browser.newContext(options)).newPage();
}
