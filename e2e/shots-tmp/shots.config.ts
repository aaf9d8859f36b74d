import base from "../playwright.config";
export default {
  ...base,
  testDir: ".",
  timeout: 120_000,
  expect: { timeout: 30_000 },
  webServer: { ...base.webServer, cwd: "../.." },
};
