/**
 * The bell's server state: the latest entries that matter to this user in the selected
 * company (the server picks them: docs/realtime.md). notification.created and
 * notification.read invalidate it through useRealtime, so it is live.
 */
import type { NotificationDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../lib/api";

export const NOTIFICATIONS_ROOT = "/api/notifications";
export const notificationsKey = (companyId: string) => [NOTIFICATIONS_ROOT, { companyId }] as const;

export function useNotifications(companyId: string | null) {
  const query = useQuery<NotificationDTO[]>({
    queryKey: notificationsKey(companyId ?? ""),
    enabled: Boolean(companyId),
  });
  const notifications = query.data ?? [];
  return { ...query, notifications, unreadCount: notifications.filter((n) => !n.isRead).length };
}

/** Marks the company's bell as read: at once on screen, then on the server (and in the user's other tabs). */
export function useMarkNotificationsRead(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("POST", `${NOTIFICATIONS_ROOT}/read`, { companyId }),
    onMutate: async () => {
      if (!companyId) return;
      const key = notificationsKey(companyId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<NotificationDTO[]>(key, (list) => list?.map((n) => ({ ...n, isRead: true })));
    },
    // Whatever happened, show what the server now says.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS_ROOT] }),
  });
}
