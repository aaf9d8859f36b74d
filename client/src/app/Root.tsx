import { lazy, Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { BootShell } from "../components/BootShell";
import { PageSpinner } from "../components/PageSpinner";
import { useAuth } from "../entities/user/useAuth";
import { refreshKeptAfterPaint } from "../lib/keptQueries";
import { queryClient } from "../lib/queryClient";

// Its own chunk: the sign-in page does not load the realtime code.
const Realtime = lazy(() => import("./Realtime"));

/** The top route: holds the realtime connection for as long as someone is signed in. */
export function Root() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  // The sign-in page's code loads under the first paint's shape (client/index.html).
  const isSignIn = useLocation().pathname === "/login";
  // The first screen is committed: what it drew from the phone's copy is refreshed once painted.
  useEffect(() => refreshKeptAfterPaint(queryClient), []);
  // Signed in: the live connection starts with the screen. A change made before it connects
  // is read when it does (Realtime).
  return (
    <>
      {userId ? (
        <Suspense fallback={null}>
          <Realtime key={userId} />
        </Suspense>
      ) : null}
      <Suspense fallback={isSignIn ? <BootShell /> : <PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
