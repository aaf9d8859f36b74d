import { lazy, Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/PageSpinner";
import { useAuth } from "../features/auth/useAuth";
import { preloadFeedback } from "./feedback";

// Its own chunk: the sign-in page does not load the realtime code.
const Realtime = lazy(() => import("./Realtime"));

/** The top route: holds the realtime connection for as long as someone is signed in. */
export function Root() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  // Signed in: the toasts' and dialogs' code comes once the screen is drawn, so they open
  // at once, offline too (./feedback.tsx).
  useEffect(() => {
    if (!userId) return;
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1000));
    whenIdle(() => preloadFeedback());
  }, [userId]);
  return (
    <>
      {userId ? (
        <Suspense fallback={null}>
          <Realtime key={userId} />
        </Suspense>
      ) : null}
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
