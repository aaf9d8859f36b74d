import { useDeferredValue } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { BootShell } from "../components/BootShell";
import { OfflinePage } from "../components/OfflinePage";
import { PageSpinner } from "../components/PageSpinner";
import type { SignInState } from "../entities/user/signInState";
import { useAuth } from "../entities/user/useAuth";
import { useIsOnline } from "../lib/useIsOnline";

/**
 * While who is signed in is not known: a spinner (the sign-in page: its shape, as the first
 * paint drew it), or offline with nothing kept, what to do.
 */
function Waiting({ isSignIn = false }: { isSignIn?: boolean }) {
  if (!useIsOnline()) return <OfflinePage />;
  return isSignIn ? <BootShell /> : <PageSpinner />;
}

/**
 * Who is signed in, for the gates below: its arrival draws the whole screen, in a
 * background render, in slices, rather than in one block as a query's update alone
 * would (docs/performance.md).
 */
function useGateAuth() {
  const auth = useAuth();
  return { user: useDeferredValue(auth.user), isLoading: useDeferredValue(auth.isLoading) };
}

/** Signed-out visitors of the app's screens go to /login and come back after signing in. */
export function RequireAuth() {
  const { user, isLoading } = useGateAuth();
  const location = useLocation();
  if (isLoading) return <Waiting />;
  if (!user) {
    const state: SignInState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** /login and /register: a signed-in user goes on to where they were headed, else home (`/` picks the screen). */
export function RedirectIfSignedIn() {
  const { user, isLoading } = useGateAuth();
  const location = useLocation();
  if (isLoading) return <Waiting isSignIn={location.pathname === "/login"} />;
  if (user) {
    const from = (location.state as SignInState | null)?.from;
    return <Navigate to={from ?? "/"} replace />;
  }
  return <Outlet />;
}
