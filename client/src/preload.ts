/**
 * The board's first paint (docs/schedule.md, "The first paint"): a load of /schedule asks at
 * once for the layout's and the board's code. Their data is on its way already: the early
 * script (src/early/) asked for it, and the screens' queries take its answers (lib/api.ts).
 * main.tsx imports this module before React and antd.
 */
import { appLayoutScreen, scheduleScreen } from "./app/screens";

// Runs as soon as this module is evaluated: before React, antd and the routes start.
if (window.location.pathname === "/schedule") {
  void appLayoutScreen.preload().catch(() => {});
  void scheduleScreen.preload().catch(() => {});
}
