import "./lib/no-eval";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/Providers";
import { AppRoutes, loadMyDayCode } from "./app/router";
import { keptRestoredAt, startKeepingQueries } from "./lib/keptQueries";
import { queryClient } from "./lib/queryClient";
import "./styles.css";

// My Day as this phone kept it (docs/offline.md), in the cache before the first render: the
// installed app draws the technician's jobs at once and refreshes them from the network after.
startKeepingQueries(queryClient);
// With that copy, My Day's code (the frame's and the screen's) starts loading now, beside the
// entry's, and the first render waits for it: React then draws the kept jobs in one go, rather
// than a spinner for each lazy screen in turn (each held at least 300 ms, docs/performance.md).
const myDayCode = keptRestoredAt() > 0 && window.location.pathname === "/my-day" ? loadMyDayCode() : null;

// The service worker and the outbox of changes made offline (docs/offline.md), in a chunk of their own.
import("./features/offline/boot").then((offline) => offline.bootOffline()).catch(() => {});

// A transition: React renders the first screen in slices of a few milliseconds, so a phone's
// main thread is never blocked long (what Lighthouse calls total blocking time); the boot
// skeleton in index.html stays on screen meanwhile.
const root = createRoot(document.getElementById("root")!);
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Providers>
            <AppRoutes />
          </Providers>
        </BrowserRouter>
      </StrictMode>,
    );
  });
// Code that cannot load (offline before the app was kept) is the screens' to report.
if (myDayCode) void myDayCode.catch(() => {}).then(render);
else render();
