import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5100);
const baseURL = `http://localhost:${E2E_PORT}`;
/** The "embedded" project's server: `npm start` on the embedded PostgreSQL, next to the main one. */
const EMBEDDED_PORT = E2E_PORT + 1;
const EMBEDDED_SPEC = /embedded-walk\.spec\.ts/;
/** The card-payment instance (server-card.ts): the same app with Stripe keys for the local stub. */
const CARD_PORT = E2E_PORT + 2;

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: "./specs",
  // One output folder per port, so parallel runs never delete each other's traces.
  outputDir: `./test-results/${E2E_PORT}`,
  fullyParallel: true,
  // The same on a laptop and in CI (which may not set CI): on 2 cores, 2 workers finished the
  // suite in 16.5 min and 3 in 27; a test that fails once runs again and is reported flaky.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: Number(process.env.E2E_RETRIES ?? 1),
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // Recording a trace (a snapshot and screenshots at every action) about doubled the suite's
    // time on a 2-core machine: one is recorded only when a failed test runs again.
    trace: "on-first-retry",
    launchOptions: chromium,
    screenshot: "only-on-failure",
    // The offline app's service worker is tested in offline.spec.ts, which allows it; every
    // other spec runs without it, so no page waits on its install (docs/offline.md).
    serviceWorkers: "block",
    // The browser asks for reduced motion, which the app honours (client/src/ui/reducedMotion.ts):
    // dialogs open at once, so no tap lands beside a button still zooming in.
    reducedMotion: "reduce",
  },
  projects: [
    {
      name: "desktop",
      testIgnore: EMBEDDED_SPEC,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: "phone",
      testIgnore: EMBEDDED_SPEC,
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
        launchOptions: chromium,
      },
    },
    {
      // What a newcomer runs (issue 31): the README's `npm start` on the embedded database.
      name: "embedded",
      testMatch: EMBEDDED_SPEC,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromium,
        baseURL: `http://localhost:${EMBEDDED_PORT}`,
      },
    },
  ],
  webServer: [
    {
      command: "npx tsx e2e/server.ts",
      cwd: "..",
      url: `${baseURL}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 240_000,
      stdout: "pipe",
      stderr: "pipe",
      // SIGTERM, not Playwright's default SIGKILL: the server stops its app and database and
      // removes what it made (the throwaway database, the embedded database's folder).
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: { E2E_PORT: String(E2E_PORT) },
    },
    {
      command: "npx tsx e2e/server-embedded.ts",
      cwd: "..",
      url: `http://localhost:${EMBEDDED_PORT}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 240_000,
      stdout: "pipe",
      stderr: "pipe",
      // SIGTERM, not Playwright's default SIGKILL: the server stops its app and database and
      // removes what it made (the throwaway database, the embedded database's folder).
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: {
        E2E_EMBEDDED_PORT: String(EMBEDDED_PORT),
        // The same client build as the main server's: built once per run.
        CLIENT_DIST: path.join(os.tmpdir(), `sched-e2e-dist-${E2E_PORT}`),
      },
    },
    {
      // After the main server (Playwright starts these in order): it reads that one's app-env.json.
      command: "npx tsx e2e/server-card.ts",
      cwd: "..",
      url: `http://localhost:${CARD_PORT}/api/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      env: { E2E_PORT: String(E2E_PORT), E2E_CARD_PORT: String(CARD_PORT) },
    },
  ],
});
