/**
 * The early script (docs/schedule.md, "The first paint"): a classic script of its own, first
 * in the page (client/vite.config.ts builds it), so it runs as soon as its few lines are here
 * instead of after all of the app's code. On /schedule it asks at once for what the board
 * shows first and, on a desktop Week View, loads the board preview's script.
 */
import { SMALL_SCREEN } from "../lib/screenSize";
import { askForBoard } from "./boardRequests";

/** The views that are not the Week View (useScheduleParams.ts reads anything else as it on a desktop). */
const OTHER_VIEWS = ["employee", "day"];

const board = askForBoard();
const view = new URLSearchParams(window.location.search).get("view");
if (board && !OTHER_VIEWS.includes(view ?? "") && !window.matchMedia(SMALL_SCREEN).matches) {
  const painter = document.createElement("script");
  // The build's classic script (its address is written in by the build); in development, the module.
  if (import.meta.env.DEV) painter.type = "module";
  painter.src = import.meta.env.DEV ? "/src/early/painter.ts" : __BOARD_PAINTER_URL__;
  document.head.append(painter);
}

// Then the app's first modules, all at once rather than as the page's script finds them. Not
// as tags in the page: the browser compiles what they fetch as it arrives, which held this
// script back by 100 ms or more, and they filled the connections ahead of its requests.
if (!import.meta.env.DEV) {
  for (const href of __APP_MODULES__) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.append(link);
  }
}
