import { Button, Result } from "antd";
import { useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { useCurrentCompany } from "../company/useCompanies";
import { MessageComposer } from "./MessageComposer";
import { MessageList } from "./MessageList";
import { SenderList } from "./SenderList";
import { useChatMessages, useSenders } from "./useChat";
import "./chat.css";

export default function ChatPage() {
  const { companyId } = useCurrentCompany();
  if (!companyId) {
    return (
      <>
        <PageTitle title="Team Chat" />
        <Result status="info" title="Please select a company first" />
      </>
    );
  }
  // A fresh screen per company: the sender chosen for one means nothing in another.
  return <TeamChat key={companyId} companyId={companyId} />;
}

function TeamChat({ companyId }: { companyId: string }) {
  const chat = useChatMessages(companyId);
  const { senders, isPending: isLoadingSenders } = useSenders(companyId);
  const [chosenId, setChosenId] = useState<string | null>(null);
  // SPEC: the first employee is preselected; a chosen sender who left falls back to it too.
  const sender = senders.find((candidate) => candidate.id === chosenId) ?? senders[0] ?? null;

  return (
    <div className="chat-page">
      <PageTitle title="Team Chat" subtitle="Messages reach everyone in the company as they are sent." />
      <div className="chat-panel">
        <SenderList
          senders={senders}
          selectedId={sender?.id ?? null}
          isLoading={isLoadingSenders}
          onSelect={setChosenId}
        />
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
          <MessageComposer companyId={companyId} sender={sender} />
        </section>
      </div>
    </div>
  );
}
