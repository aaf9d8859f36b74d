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

/**
 * Marks the company's bell as read: at once on screen, then on the server (and in the user's
 * other tabs), up to `upTo`, the newest entry the person saw: one that arrives while the
 * request is on its way (a slow connection) stays unread.
 */
export function useMarkNotificationsRead(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upTo }: { upTo: string }) =>
      apiRequest("POST", "/api/notifications/read", { companyId, upTo }),
    onMutate: async ({ upTo }) => {
      if (!companyId) return;
      const key = queryKeys.notifications(companyId);
      await queryClient.cancelQueries({ queryKey: key });
      // Newest first: the entries from `upTo` down are the ones seen.
      queryClient.setQueryData<NotificationDTO[]>(key, (list) => {
        const seenFrom = list?.findIndex((n) => n.id === upTo) ?? -1;
        return list?.map((n, index) => (seenFrom !== -1 && index >= seenFrom ? { ...n, read: true } : n));
      });
    },
    // Whatever happened, show what the server now says.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey("notifications") }),
  });
}
