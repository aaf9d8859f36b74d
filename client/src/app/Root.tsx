import { lazy, Suspense } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/PageSpinner";
import { useAuth } from "../features/auth/useAuth";

// Its own chunk: the sign-in page does not load the realtime code.
const Realtime = lazy(() => import("./Realtime"));

/** The top route: holds the realtime connection for as long as someone is signed in. */
export function Root() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
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
