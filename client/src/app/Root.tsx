import { lazy, Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/PageSpinner";
import { useAuth } from "../features/auth/useAuth";
import { preloadFeedback } from "./feedback";
import { useFirstScreenDrawn } from "./firstScreen";

// Its own chunk: the sign-in page does not load the realtime code.
const Realtime = lazy(() => import("./Realtime"));

/** The top route: holds the realtime connection for as long as someone is signed in. */
export function Root() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  // Signed in: the live connection starts, and the toasts' and dialogs' code comes, once the
  // first screen is drawn (./firstScreen.ts); the dialogs then open at once, offline too
  // (./feedback.tsx). A change made meanwhile is read when the socket connects (Realtime).
  const isScreenDrawn = useFirstScreenDrawn();
  useEffect(() => {
    if (userId && isScreenDrawn) preloadFeedback();
  }, [userId, isScreenDrawn]);
  return (
    <>
      {userId && isScreenDrawn ? (
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
