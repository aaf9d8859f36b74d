import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useShowFailure } from "../../components/FailureNotice";
import { apiRequest } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { disconnectSocket } from "../../lib/socket";
import { changesCount } from "../../outbox/pendingWork";
import { useCompanyStore } from "../../stores/company";
import { useFeedback } from "../../ui/feedback";

type LogoutOptions = {
  /**
   * Where to go once signed out. null stays on the page and keeps its data (the
   * invitation page, so the right person can accept there): only the account's company
   * list goes, and the page itself shows the change, so there is no toast.
   */
  redirectTo?: string | null;
};

/** The person chose to stay signed in rather than lose changes not sent: no toast. */
class SignOutCancelled extends Error {}

/** The question before signing out deletes changes this device could not send (docs/offline.md). */
const unsentQuestion = (count: number) =>
  `${changesCount(count)} made on this device ${count === 1 ? "has" : "have"} not reached the office yet. Signing out deletes ${count === 1 ? "it" : "them"}.`;

/**
 * The one sign-out: the session ends on the server, the socket closes, the selected
 * company is forgotten and the user becomes null. Leaving the page also clears every
 * cached answer and says "Logged out successfully". Changes still waiting on the device
 * are sent first; any that cannot be are only deleted once the person says so.
 */
export function useLogout({ redirectTo = "/login" }: LogoutOptions = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { modal, notification } = useFeedback();
  const showFailure = useShowFailure();
  const mayDiscard = (count: number) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: "Sign out with changes not sent?",
        content: unsentQuestion(count),
        okText: "Sign out anyway",
        okButtonProps: { danger: true },
        cancelText: "Stay signed in",
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  return useMutation({
    mutationFn: async () => {
      const unsent = await import("../../outbox/unsent")
        .then((outbox) => outbox.unsentAfterTrying())
        .catch(() => 0);
      if (unsent > 0 && !(await mayDiscard(unsent))) throw new SignOutCancelled();
      await apiRequest("POST", "/api/logout");
      // This device forgets the account's kept data and unsent changes (docs/offline.md).
      await import("../../outbox/deviceData").then((device) => device.clearDeviceData()).catch(() => {});
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
      if (error instanceof SignOutCancelled) return;
      showFailure("Logout failed", error);
    },
  });
}
