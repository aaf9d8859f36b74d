import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { PageSpinner } from "../components/PageSpinner";
import { useAuth } from "../features/auth/useAuth";
import { connectSocket, disconnectSocket } from "../lib/socket";
import { useRealtime } from "../lib/useRealtime";

/** The top route: holds the realtime connection for as long as someone is signed in. */
export function Root() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  useRealtime();

  useEffect(() => {
    if (!userId) {
      disconnectSocket();
      return;
    }
    // Events missed while disconnected are gone: refetch what is on screen.
    void connectSocket({ onReconnect: () => void queryClient.invalidateQueries() });
  }, [userId, queryClient]);

  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
