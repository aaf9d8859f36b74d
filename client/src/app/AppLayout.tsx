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
      <Header />
      <NavBar />
      <main className="app-main">
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
