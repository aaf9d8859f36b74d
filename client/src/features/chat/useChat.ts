/**
 * The chat's server state. Polls every 3 s (SPEC section 9) with the id of the newest
 * message the server has listed, so an idle poll is a 304 with no body; pushed
 * messages (useRealtime) appear at once in between.
 */
import { CHAT_POLL_MS, type ChatMessageDTO, COMPANY_HEADER, type EmployeeDTO } from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiJson } from "../../lib/api";
import { addPushedMessage, CHAT_ROOT, type ChatCache, chatQueryKey, mergeMessages } from "./chatCache";

const NOT_MODIFIED = 304;
const CURSOR_GONE = 410;

async function getMessages(companyId: string, after: string | null, signal: AbortSignal) {
  const params = new URLSearchParams({ companyId });
  if (after) params.set("after", after);
  // no-store: the browser's cache must neither answer a poll nor turn it into its own 304.
  const response = await fetch(`${CHAT_ROOT}?${params}`, {
    credentials: "include",
    cache: "no-store",
    headers: { [COMPANY_HEADER]: companyId },
    signal,
  });
  if (response.status === NOT_MODIFIED || response.status === CURSOR_GONE) return response.status;
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  return (await response.json()) as ChatMessageDTO[];
}

/** The company's messages, oldest first, kept fresh by the poll and by pushes. */
export function useChatMessages(companyId: string) {
  const queryClient = useQueryClient();
  const queryKey = chatQueryKey(companyId);
  const query = useQuery<ChatCache>({
    queryKey,
    queryFn: async ({ signal }) => {
      const cached = queryClient.getQueryData<ChatCache>(queryKey);
      const cursor = cached?.cursor ?? null;
      const answer = await getMessages(companyId, cursor, signal);
      if (answer === NOT_MODIFIED && cached) return cached;
      if (Array.isArray(answer) && cursor && cached) {
        return { messages: mergeMessages(cached.messages, answer), cursor: answer.at(-1)?.id ?? cursor };
      }
      // First load, or the cursor's message is gone (its sender was deleted): start over.
      const latest = Array.isArray(answer) ? answer : await getMessages(companyId, null, signal);
      if (!Array.isArray(latest)) throw new Error(`${latest}: Chat could not be loaded`);
      return { messages: latest, cursor: latest.at(-1)?.id ?? null };
    },
    refetchInterval: CHAT_POLL_MS,
    staleTime: 0,
  });
  return { ...query, messages: query.data?.messages ?? [] };
}

/** The people who can be named as the sender: the active roster, by name. */
export function useSenders(companyId: string) {
  const query = useQuery<EmployeeDTO[]>({ queryKey: ["/api/employees", { companyId }] });
  const senders = useMemo(
    () => (query.data ?? []).filter((e) => e.isActive).sort((a, b) => a.name.localeCompare(b.name)),
    [query.data],
  );
  return { ...query, senders };
}

export function useSendMessage(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { employeeId: string; message: string }) =>
      apiJson<ChatMessageDTO>("POST", CHAT_ROOT, { ...input, companyId }),
    // Shown at once, like a pushed message; the poll confirms it.
    onSuccess: (message) => addPushedMessage(queryClient, message),
  });
}
