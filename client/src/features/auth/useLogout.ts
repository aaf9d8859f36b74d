import { useMutation, useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useNavigate } from "react-router";
import { apiRequest, errorMessage } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { disconnectSocket } from "../../lib/socket";
import { useCompanyStore } from "../../stores/company";

type LogoutOptions = {
  /**
   * Where to go once signed out. null stays on the page and keeps its data (the
   * invitation page, so the right person can accept there): only the account's company
   * list goes, and the page itself shows the change, so there is no toast.
   */
  redirectTo?: string | null;
};

/**
 * The one sign-out: the session ends on the server, the socket closes, the selected
 * company is forgotten and the user becomes null. Leaving the page also clears every
 * cached answer and says "Logged out successfully".
 */
export function useLogout({ redirectTo = "/login" }: LogoutOptions = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/logout");
      // This device forgets the account's kept data and unsent changes (docs/offline.md).
      await import("../offline/deviceData").then((device) => device.clearDeviceData()).catch(() => {});
    },
    onSuccess: () => {
      disconnectSocket();
      useCompanyStore.getState().resetSelection();
      if (redirectTo === null) {
        queryClient.removeQueries({ queryKey: queryKeys.companies() });
        queryClient.setQueryData(queryKeys.user(), null);
        return;
      }
      queryClient.clear();
      queryClient.setQueryData(queryKeys.user(), null);
      notification.success({ title: "Logged out successfully", description: "You have been signed out" });
      void navigate(redirectTo, { replace: true });
    },
    onError: (error) => {
      notification.error({ title: "Logout failed", description: errorMessage(error, "Please try again") });
    },
  });
}
