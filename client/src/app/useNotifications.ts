/**
 * The bell's server state: this user's own entries in the selected company (the server
 * writes one per person concerned: docs/realtime.md). useRealtime puts a
 * notification.created on top at once and refetches on notification.read, so it is live.
 */
import type { NotificationDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../lib/api";
import { queryKeys, rootKey } from "../lib/queryKeys";

export function useNotifications(companyId: string | null) {
  const query = useQuery<NotificationDTO[]>({
    queryKey: queryKeys.notifications(companyId ?? ""),
    enabled: Boolean(companyId),
  });
  const notifications = query.data ?? [];
  return { ...query, notifications, unreadCount: notifications.filter((n) => !n.read).length };
}

/** Marks the company's bell as read: at once on screen, then on the server (and in the user's other tabs). */
export function useMarkNotificationsRead(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/notifications/read", { companyId }),
    onMutate: async () => {
      if (!companyId) return;
      const key = queryKeys.notifications(companyId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<NotificationDTO[]>(key, (list) => list?.map((n) => ({ ...n, read: true })));
    },
    // Whatever happened, show what the server now says.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey("notifications") }),
  });
}
