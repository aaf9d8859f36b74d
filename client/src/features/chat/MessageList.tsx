import { ArrowDownOutlined, MessageOutlined } from "@ant-design/icons";
import { type ChatMessageDTO, MEMBER_AVATAR_COLOR } from "@sched/shared-types";
import { Button, Skeleton, Tag } from "antd";
import dayjs from "dayjs";
import { useLayoutEffect, useRef, useState } from "react";
import { EmployeeAvatar } from "../../entities/employee/EmployeeAvatar";
import { formatTimeOf } from "../../lib/dates";

/** How close to the bottom (px) still counts as reading the newest message. */
const PINNED_SLACK_PX = 48;

/** "2:30 PM" today, "Nov 23, 2:30 PM" this year, "Nov 23, 2025, 2:30 PM" before. */
function sentAt(createdAt: string): string {
  const when = dayjs(createdAt);
  const now = dayjs();
  const time = formatTimeOf(when);
  if (when.isSame(now, "day")) return time;
  return `${when.format(when.isSame(now, "year") ? "MMM D" : "MMM D, YYYY")}, ${time}`;
}

/** Who wrote it: the member (as their roster look, when linked); older messages name only their employee. */
function writerOf(message: ChatMessageDTO) {
  return (
    message.author ??
    message.employee ?? { name: "Former team member", initials: "?", avatarColor: MEMBER_AVATAR_COLOR }
  );
}

/** A message of the reader's still on this device (docs/offline.md), drawn after the sent ones. */
export type WaitingMessage = {
  key: string;
  message: string;
  /** waiting: goes out once online; failed: the server refused it (the indicator above offers Retry). */
  isRefused: boolean;
};

/** How the reader looks in the conversation: their roster look when linked. */
export type Look = { name: string; initials: string; avatarColor: string };

type MessageListProps = {
  messages: ChatMessageDTO[];
  isLoading: boolean;
  /** No network: an empty thread says so instead of inviting a first message. */
  isOffline?: boolean;
  waiting?: WaitingMessage[];
  /** The reader's look, for their waiting messages. */
  self?: Look;
};

/**
 * The conversation, oldest at the top, then the reader's messages still waiting on this
 * device. It follows the newest message while the reader is at the bottom; once they
 * scroll up to read, new messages wait below a button.
 */
export function MessageList({
  messages,
  isLoading,
  isOffline = false,
  waiting = [],
  self,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const isPinned = useRef(true);
  const [hasUnseen, setHasUnseen] = useState(false);
  const newestId = waiting.at(-1)?.key ?? messages.at(-1)?.id;

  const scrollToNewest = () => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    isPinned.current = true;
    setHasUnseen(false);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    if (!newestId) return;
    if (isPinned.current) scrollToNewest();
    else setHasUnseen(true);
  }, [newestId]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    isPinned.current = element.scrollHeight - element.scrollTop - element.clientHeight <= PINNED_SLACK_PX;
    if (isPinned.current) setHasUnseen(false);
  };

  if (isLoading) {
    return (
      <div className="chat-messages" data-testid="chat-loading">
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  }

  if (messages.length === 0 && waiting.length === 0) {
    return (
      <div className="chat-messages chat-messages--empty" data-testid="chat-empty">
        <MessageOutlined className="chat-messages__empty-icon" aria-hidden />
        <p>
          {isOffline
            ? "You are offline. The conversation loads when you are back online; a message you write now is sent then."
            : "No messages yet. Start the conversation!"}
        </p>
      </div>
    );
  }

  return (
    <div className="chat-messages-frame">
      <div
        className="chat-messages"
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label="Chat messages"
        data-testid="chat-messages"
      >
        {messages.map((message) => {
          const writer = writerOf(message);
          return (
            <article key={message.id} className="chat-message" data-testid="chat-message">
              <EmployeeAvatar initials={writer.initials} avatarColor={writer.avatarColor} size={32} />
              <div className="chat-message__body">
                <div className="chat-message__meta">
                  <span className="chat-message__name" data-testid="chat-message-author">
                    {writer.name}
                  </span>
                  <time dateTime={message.createdAt}>{sentAt(message.createdAt)}</time>
                </div>
                {/* Plain text: React escapes it, so markup in a message is shown, never run. */}
                <p className="chat-message__text">{message.message}</p>
              </div>
            </article>
          );
        })}
        {self
          ? waiting.map((kept) => (
              <article
                key={kept.key}
                className="chat-message chat-message--waiting"
                data-testid="chat-message-waiting"
              >
                <EmployeeAvatar initials={self.initials} avatarColor={self.avatarColor} size={32} />
                <div className="chat-message__body">
                  <div className="chat-message__meta">
                    <span className="chat-message__name">{self.name}</span>
                    <Tag color={kept.isRefused ? "red" : "gold"} className="chat-message__state">
                      {kept.isRefused ? "Not sent" : "Waiting to send"}
                    </Tag>
                  </div>
                  <p className="chat-message__text">{kept.message}</p>
                </div>
              </article>
            ))
          : null}
      </div>
      {hasUnseen ? (
        <Button
          className="chat-messages__jump"
          shape="round"
          icon={<ArrowDownOutlined aria-hidden />}
          onClick={scrollToNewest}
        >
          New messages
        </Button>
      ) : null}
    </div>
  );
}
