import "./lib/no-eval";
// First after no-eval: a load of /schedule asks for the board's code and its week before
// React renders anything (src/preload.ts).
import "./preload";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/Providers";
import { AppRoutes } from "./app/router";
import "./styles.css";

// The service worker and the outbox of changes made offline start once the page has loaded
// (docs/offline.md): none of it weighs on the first screen.
const bootOffline = () => {
  const load = () => {
    import("./features/offline/boot").then((offline) => offline.bootOffline()).catch(() => {});
  };
  // Its own idle moment: evaluating that code in the load event's task made a long one.
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(load, { timeout: 2000 });
  else window.setTimeout(load, 0);
};
if (document.readyState === "complete") bootOffline();
else window.addEventListener("load", bootOffline, { once: true });

// A transition: React renders the first screen in slices of a few milliseconds, so a phone's
// main thread is never blocked long (what Lighthouse calls total blocking time); the boot
// skeleton in index.html stays on screen meanwhile.
const root = createRoot(document.getElementById("root")!);
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
