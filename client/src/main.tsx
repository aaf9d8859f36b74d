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

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
