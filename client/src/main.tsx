import "./lib/no-eval";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Providers } from "./app/Providers";
import { AppRoutes } from "./app/router";
import "./styles.css";

// The board's code and first week load alongside the app's own start (src/preload.ts); if
// that fails, the screens ask for them as usual.
if (window.location.pathname === "/schedule") {
  import("./preload").then((preload) => preload.preloadSchedule()).catch(() => {});
}

// The service worker and the outbox of changes made offline start once the page has loaded
// (docs/offline.md): none of it weighs on the first screen.
const bootOffline = () => {
  import("./features/offline/boot").then((offline) => offline.bootOffline()).catch(() => {});
};
if (document.readyState === "complete") bootOffline();
else window.addEventListener("load", bootOffline, { once: true });

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
