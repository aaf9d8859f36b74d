/**
 * The early script (docs/schedule.md, "The first paint"): a classic script of its own, first
 * in the page (client/vite.config.ts builds it), so it runs as soon as its few lines are here
 * instead of after all of the app's code. On /schedule it asks at once for what the board
 * shows first and, on a desktop Week View, loads the board preview's script. Then it asks
 * for the app's code, and starts the app: at once, or once the preview is on screen.
 */
import { SMALL_SCREEN } from "../lib/screenSize";
import { askForBoard } from "./boardRequests";
import { earlyRequests } from "./earlyAnswers";

/** The views that are not the Week View (useScheduleParams.ts reads anything else as it on a desktop). */
const OTHER_VIEWS = ["employee", "day"];
/** The longest the app waits for the preview (which takes 0.1–0.3 s) before it starts. */
const PREVIEW_WAIT_MS = 1_000;

function loadScript(src: string, type: "classic" | "module", onDone?: () => void): void {
  const script = document.createElement("script");
  if (type === "module") {
    script.type = "module";
    script.crossOrigin = "";
  }
  if (onDone) script.addEventListener("error", onDone);
  script.src = src;
  document.head.append(script);
}

/** Resolves once the board preview is on screen or will not be (at most PREVIEW_WAIT_MS). */
function loadPreview(): Promise<void> {
  return new Promise((resolve) => {
    earlyRequests().previewShown = resolve;
    setTimeout(resolve, PREVIEW_WAIT_MS);
    // The build's classic script (its address is written in by the build); in development, the module.
    if (import.meta.env.DEV) loadScript("/src/early/painter.ts", "module", resolve);
    else loadScript(__BOARD_PAINTER_URL__, "classic", resolve);
  });
}

const board = askForBoard();
const view = new URLSearchParams(window.location.search).get("view");
const isPreviewed = board && !OTHER_VIEWS.includes(view ?? "") && !window.matchMedia(SMALL_SCREEN).matches;
const previewShown = isPreviewed ? loadPreview() : Promise.resolve();

// In a build the page has no tags that load the app's code (development serves it as usual).
// Its first modules, which the page names, are asked for all at once after this script's
// own requests: as modulepreload tags they held this script back (the browser compiled them
// as they arrived) and filled the connections ahead of its requests. The app's own script
// runs once the preview is on screen: React's first drawing takes the page for a few hundred
// milliseconds, and would hold the preview back until it was done.
if (!import.meta.env.DEV) {
  // This script runs in the page's head: the names of the modules, and the app's body, follow.
  const parsed = new Promise<void>((resolve) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => resolve());
    else resolve();
  });
  void parsed.then(() => {
    for (const named of document.querySelectorAll<HTMLLinkElement>('link[rel="app-module"]')) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = named.href;
      document.head.append(link);
    }
  });
  void Promise.all([previewShown, parsed]).then(() => loadScript(__APP_ENTRY__, "module"));
}
