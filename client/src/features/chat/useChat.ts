/**
 * The chat's server state. Polls every 3 s (docs/realtime.md) with the id of the newest
 * message the server has listed, so an idle poll is a 200 with an empty list; pushed
 * messages (useRealtime) appear at once in between.
 */
import {
  CHAT_POLL_MS,
  type ChatMessageDTO,
  COMPANY_HEADER,
  type EmployeeDTO,
  MEMBER_AVATAR_COLOR,
  type OnlineMembersDTO,
  type TeamPersonDTO,
} from "@sched/shared-types";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { addPushedMessage, type ChatCache, mergeMessages } from "../../entities/chat/chatCache";
import { ApiError, apiErrorOf, apiJson } from "../../lib/api";
import { useSubmitKey } from "../../lib/idempotency";
import { queryKeys } from "../../lib/queryKeys";

const CHAT_URL = "/api/chat";
const NOT_MODIFIED = 304;
const CURSOR_GONE = 410;

async function getMessages(companyId: string, after: string | null, signal: AbortSignal) {
  const params = new URLSearchParams({ companyId });
  if (after) params.set("after", after);
  // no-store: the browser's cache must neither answer a poll nor turn it into its own 304.
  const response = await fetch(`${CHAT_URL}?${params}`, {
    credentials: "include",
    cache: "no-store",
    headers: { [COMPANY_HEADER]: companyId },
    signal,
  });
  if (response.status === NOT_MODIFIED || response.status === CURSOR_GONE) return response.status;
  if (!response.ok) throw await apiErrorOf(response);
  return (await response.json()) as ChatMessageDTO[];
}

/** The company's messages, oldest first, kept fresh by the poll and by pushes. */
export function useChatMessages(companyId: string) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.chat(companyId);
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
      if (!Array.isArray(latest)) throw new ApiError(latest, "Chat could not be loaded");
      return { messages: latest, cursor: latest.at(-1)?.id ?? null };
    },
    refetchInterval: CHAT_POLL_MS,
    staleTime: 0,
  });
  return { ...query, messages: query.data?.messages ?? [] };
}

/** One person of the team directory: who they are in chat (their roster look when linked). */
export type TeamPerson = {
  userId: string;
  name: string;
  initials: string;
  avatarColor: string;
  /** Has the app open now, in any tab or device (presence.online keeps it current). */
  isOnline: boolean;
};

const initialsOf = (person: TeamPersonDTO) =>
  `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase() || "?";

/**
 * The company's members as chat shows them, by name: a member linked to the roster
 * looks like that employee (as their messages do), anyone else like themselves.
 */
export function useTeamDirectory(companyId: string) {
  // Names only: the members list with e-mails is the office's (docs/my-day.md).
  const members = useQuery<TeamPersonDTO[]>({ queryKey: queryKeys.people(companyId) });
  const roster = useQuery<EmployeeDTO[]>({ queryKey: queryKeys.employees(companyId) });
  const online = useQuery<OnlineMembersDTO>({ queryKey: queryKeys.online(companyId) });
  const people = useMemo(() => {
    const onlineIds = new Set(online.data?.userIds ?? []);
    return (members.data ?? [])
      .map((member): TeamPerson => {
        const employee = roster.data?.find((candidate) => candidate.id === member.employeeId);
        const isOnline = onlineIds.has(member.userId);
        return employee
          ? {
              userId: member.userId,
              name: employee.name,
              initials: employee.initials,
              avatarColor: employee.avatarColor,
              isOnline,
            }
          : {
              userId: member.userId,
              name: `${member.firstName} ${member.lastName}`.trim(),
              initials: initialsOf(member),
              avatarColor: MEMBER_AVATAR_COLOR,
              isOnline,
            };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [members.data, roster.data, online.data]);
  return { people, isPending: members.isPending };
}

/** Sent: the server's message. Kept: in the phone's outbox, sent once online (docs/offline.md). */
type SendOutcome = { sent: ChatMessageDTO } | { kept: true };

/**
 * One idempotency key per send of the calling composer: sending the same unsent message
 * again after a failure (its answer may have been lost) posts it once. Offline, or when
 * no answer came, the message goes to the outbox with that key (docs/offline.md).
 */
export function useSendMessage(companyId: string) {
  const queryClient = useQueryClient();
  const submitKey = useSubmitKey();
  return useMutation({
    // Offline it runs too: it then keeps the message in the outbox instead of waiting.
    networkMode: "always",
    // The server decides who sends it: the signed-in member (docs/realtime.md).
    mutationFn: async (message: string): Promise<SendOutcome> => {
      const body = { message, companyId };
      const idempotencyKey = submitKey.keyFor(body);
      const outbox = () => import("../../outbox/queue");
      if (!navigator.onLine) {
        await (await outbox()).queueChatMessage(companyId, message, idempotencyKey);
        return { kept: true };
      }
      try {
        return { sent: await apiJson<ChatMessageDTO>("POST", CHAT_URL, body, { idempotencyKey }) };
      } catch (error) {
        if (error instanceof ApiError) throw error;
        await (await outbox()).queueChatMessage(companyId, message, idempotencyKey);
        return { kept: true };
      }
    },
    // Shown at once, like a pushed message; the poll confirms it.
    onSuccess: (outcome) => {
      submitKey.renew();
      if ("sent" in outcome) addPushedMessage(queryClient, outcome.sent);
    },
  });
}
