import { MEMBER_AVATAR_COLOR } from "@sched/shared-types";
import { Button, Result } from "antd";
import { useMemo } from "react";
import { CompanyScreen } from "../../components/CompanyScreen";
import { PageTitle } from "../../components/PageTitle";
import { useAuth } from "../../entities/user/useAuth";
import { useIsOnline } from "../../lib/useIsOnline";
import { useOutboxStore } from "../../outbox/outboxStore";
import { OfflineIndicator } from "../offline/OfflineIndicator";
import { MessageComposer } from "./MessageComposer";
import { type Look, MessageList, type WaitingMessage } from "./MessageList";
import { TeamDirectory } from "./TeamDirectory";
import { useChatMessages, useTeamDirectory } from "./useChat";
import "./chat.css";

export default function ChatPage() {
  return (
    <CompanyScreen title="Team Chat">
      {/* A fresh screen per company: nothing typed for one is sent to another. */}
      {(companyId) => <TeamChat key={companyId} companyId={companyId} />}
    </CompanyScreen>
  );
}

function TeamChat({ companyId }: { companyId: string }) {
  const chat = useChatMessages(companyId);
  const directory = useTeamDirectory(companyId);
  const { user } = useAuth();
  const isOnline = useIsOnline();
  const outbox = useOutboxStore((state) => state.changes);
  // The reader's messages written offline, in the order written (docs/offline.md).
  const waiting = useMemo(
    () =>
      outbox.flatMap((change): WaitingMessage[] =>
        change.kind === "chat" && change.companyId === companyId && change.userId === user?.id
          ? [{ key: change.key, message: change.message, isRefused: change.state === "failed" }]
          : [],
      ),
    [outbox, companyId, user?.id],
  );
  const self = useMemo((): Look | undefined => {
    if (!user) return undefined;
    const person = directory.people.find((candidate) => candidate.userId === user.id);
    if (person) return person;
    const name = `${user.firstName} ${user.lastName}`.trim();
    const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || "?";
    return { name, initials, avatarColor: MEMBER_AVATAR_COLOR };
  }, [user, directory.people]);

  return (
    <div className="chat-page">
      <PageTitle title="Team Chat" subtitle="Messages reach everyone in the company as they are sent." />
      {/* Messages written offline wait on the phone and go out once it is online (docs/offline.md). */}
      <OfflineIndicator />
      <div className="chat-panel">
        <TeamDirectory people={directory.people} selfId={user?.id ?? null} isLoading={directory.isPending} />
        <section className="chat-conversation" aria-label="Messages">
          {/* Offline, the thread shows what was last loaded and what waits to be sent, never an error. */}
          {chat.isError && !chat.data && isOnline ? (
            <Result
              className="chat-conversation__error"
              status="warning"
              title="The chat could not be loaded"
              extra={<Button onClick={() => void chat.refetch()}>Try again</Button>}
            />
          ) : (
            <MessageList
              messages={chat.messages}
              isLoading={chat.isPending && isOnline}
              isOffline={!isOnline}
              waiting={waiting}
              self={self}
            />
          )}
          <MessageComposer companyId={companyId} />
        </section>
      </div>
    </div>
  );
}
