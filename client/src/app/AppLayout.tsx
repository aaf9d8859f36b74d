import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/PageSpinner";
import { CompanyGate } from "./CompanyGate";
import { Header } from "./Header";
import { MobileBar } from "./MobileBar";
import { NavBar } from "./NavBar";
import { SubscriptionBanner } from "./SubscriptionBanner";
import "./layout.css";

/** The signed-in frame around every company screen. */
export default function AppLayout() {
  return (
    <div className="app-shell">
      {/* The first stop of Tab: past the header and the navigation, straight to the screen. */}
      <a className="skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <NavBar />
      <main className="app-main" id="main-content" tabIndex={-1}>
        <CompanyGate>
          <SubscriptionBanner />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </CompanyGate>
      </main>
      <MobileBar />
    </div>
  );
}
