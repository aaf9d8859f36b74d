/**
 * The bell's server state: this user's own entries in the selected company (the server
 * writes one per person concerned: docs/realtime.md). useRealtime puts a
 * notification.created on top at once and refetches on notification.read, so it is live.
 */
import type { NotificationDTO } from "@sched/shared-types";
import { useMutation, useMutationState, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiRequest } from "../lib/api";
import { queryKeys, rootKey } from "../lib/queryKeys";

/** Up to the newest entry seen (Mark all as read), or just the one entry opened. */
type MarkRead = { upTo: string } | { id: string };

const markReadKey = (companyId: string | null) => ["notifications-read", companyId ?? ""];

/**
 * Entries marked read by a request still on its way show read: a refetch meanwhile (a new
 * entry, the socket coming back) answers from before the request and must not undo it.
 * Newest first: the entries from `upTo` down are the ones seen; an opened one alone by `id`.
 */
export function withPendingReads(
  list: NotificationDTO[],
  pending: readonly (MarkRead | undefined)[],
): NotificationDTO[] {
  if (pending.length === 0) return list;
  const upTos = pending.flatMap((mark) => (mark && "upTo" in mark ? [mark.upTo] : []));
  const opened = new Set(pending.flatMap((mark) => (mark && "id" in mark ? [mark.id] : [])));
  const seenFrom = Math.min(
    ...upTos.map((upTo) => list.findIndex((n) => n.id === upTo)).filter((index) => index !== -1),
  );
  return list.map((n, index) =>
    (index >= seenFrom || opened.has(n.id)) && !n.read ? { ...n, read: true } : n,
  );
}

export function useNotifications(companyId: string | null) {
  const query = useQuery<NotificationDTO[]>({
    queryKey: queryKeys.notifications(companyId ?? ""),
    enabled: Boolean(companyId),
  });
  const pending = useMutationState({
    filters: { mutationKey: markReadKey(companyId), status: "pending" },
    select: (mutation) => mutation.state.variables as MarkRead | undefined,
  });
  const notifications = useMemo(() => withPendingReads(query.data ?? [], pending), [query.data, pending]);
  return { ...query, notifications, unreadCount: notifications.filter((n) => !n.read).length };
}

/**
 * Marks the company's bell as read: at once on screen, then on the server (and in the user's
 * other tabs), up to `upTo`, the newest entry the person saw: one that arrives while the
 * request is on its way (a slow connection) stays unread; or only the entry `id` opened.
 */
export function useMarkNotificationsRead(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markReadKey(companyId),
    mutationFn: (mark: MarkRead) => apiRequest("POST", "/api/notifications/read", { companyId, ...mark }),
    // Until the answer, useNotifications shows them read; then what the server now says
    // (the mutation stays pending until that refetch is back, so nothing flickers).
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKey("notifications") }),
  });
}
