import { Button, Result } from "antd";
import { CompanyScreen } from "../../components/CompanyScreen";
import { PageTitle } from "../../components/PageTitle";
import { useAuth } from "../auth/useAuth";
import { OfflineIndicator } from "../offline/OfflineIndicator";
import { MessageComposer } from "./MessageComposer";
import { MessageList } from "./MessageList";
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

  return (
    <div className="chat-page">
      <PageTitle title="Team Chat" subtitle="Messages reach everyone in the company as they are sent." />
      {/* Messages written offline wait on the phone and go out once it is online (docs/offline.md). */}
      <OfflineIndicator />
      <div className="chat-panel">
        <TeamDirectory people={directory.people} selfId={user?.id ?? null} isLoading={directory.isPending} />
        <section className="chat-conversation" aria-label="Messages">
          {chat.isError && !chat.data ? (
            <Result
              className="chat-conversation__error"
              status="warning"
              title="The chat could not be loaded"
              extra={<Button onClick={() => void chat.refetch()}>Try again</Button>}
            />
          ) : (
            <MessageList messages={chat.messages} isLoading={chat.isPending} />
          )}
          <MessageComposer companyId={companyId} />
        </section>
      </div>
    </div>
  );
}
