/**
 * The chat's place in the query cache, shared by the chat screen (which polls) and
 * useRealtime (which applies pushed messages). Kept free of React and antd so the
 * realtime hook can use it without pulling the chat screen into every page.
 */
import type { ChatMessageDTO, EmployeeDTO } from "@sched/shared-types";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../lib/queryKeys";

/**
 * `cursor` is the newest message the server has listed, the next poll's `after`. Pushed
 * messages are shown at once but do not move it: a push can overtake an earlier message
 * that is still on its way, and a poll from the pushed one would skip that message.
 */
export type ChatCache = { messages: ChatMessageDTO[]; cursor: string | null };

const byTime = (a: ChatMessageDTO, b: ChatMessageDTO) => a.createdAt.localeCompare(b.createdAt);

/** `current` plus `incoming`, each message once, oldest first. */
export function mergeMessages(current: readonly ChatMessageDTO[], incoming: readonly ChatMessageDTO[]) {
  const known = new Set(current.map((message) => message.id));
  const added = incoming.filter((message) => !known.has(message.id));
  if (added.length === 0) return current as ChatMessageDTO[];
  return [...current, ...added].sort(byTime);
}

/** Applies `change` to the cached chat of `companyId`, if that chat has been loaded. */
function updateChat(queryClient: QueryClient, companyId: string, change: (cache: ChatCache) => ChatCache) {
  queryClient.setQueryData<ChatCache>(queryKeys.chat(companyId), (cache) => (cache ? change(cache) : cache));
}

/** A pushed message appears at once; the next poll confirms it. */
export function addPushedMessage(queryClient: QueryClient, message: ChatMessageDTO) {
  updateChat(queryClient, message.companyId, (cache) => ({
    ...cache,
    messages: mergeMessages(cache.messages, [message]),
  }));
}

/**
 * A renamed or recoloured employee's messages show the new name and colour; their
 * author, who wrote as that employee, looks the same.
 */
export function updateSender(queryClient: QueryClient, employee: EmployeeDTO) {
  const { name, initials, avatarColor } = employee;
  updateChat(queryClient, employee.companyId, (cache) => ({
    ...cache,
    messages: cache.messages.map((message) =>
      message.employeeId === employee.id
        ? {
            ...message,
            employee: { name, initials, avatarColor },
            author: message.author ? { ...message.author, name, initials, avatarColor } : null,
          }
        : message,
    ),
  }));
}

/** A deleted employee's messages are gone on the server (cascade): here too. */
export function removeSender(queryClient: QueryClient, companyId: string, employeeId: string) {
  updateChat(queryClient, companyId, (cache) => ({
    ...cache,
    messages: cache.messages.filter((message) => message.employeeId !== employeeId),
  }));
}
