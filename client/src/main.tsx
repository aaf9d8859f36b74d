import "./lib/no-eval";
// First after no-eval: a load of /schedule asks for the board's code and its week before
// React renders anything (src/preload.ts).
import "./preload";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { afterFirstScreen } from "./app/firstScreen";
import { Providers } from "./app/Providers";
import { AppRoutes } from "./app/router";
import "./styles.css";

// The service worker and the outbox of changes made offline start once the first screen is
// drawn, in an idle moment (docs/offline.md): none of it weighs on that screen.
afterFirstScreen(() => {
  import("./features/offline/boot").then((offline) => offline.bootOffline()).catch(() => {});
});

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
