/**
 * The system Chromium (Debian's package) and its flags, for the e2e suite and the bench.
 * Playwright's own browser download is never used.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  // This machine has no network but npm's and Debian's: no background calls to Google.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
  // Chromium 156 preloads its address bar's suggestion list, a web page of its own, in a
  // renderer per window: about 1.2 s of CPU for every new context, competing with the
  // page under test on 2 cores. A headless browser never shows it.
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup",
];
