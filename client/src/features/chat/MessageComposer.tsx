import { SendOutlined } from "@ant-design/icons";
import { CHAT_MESSAGE_MAX } from "@sched/shared-types";
import { Button, Input } from "antd";
import { type KeyboardEvent, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { TrialLock } from "../../components/TrialLock";
import { useFeedback } from "../../ui/feedback";
import { useSendMessage } from "./useChat";

/** Show the count only when it matters: near the limit. */
const COUNT_FROM = CHAT_MESSAGE_MAX - 200;

/**
 * Enter sends, Shift+Enter starts a new line; an empty message sends nothing. It goes out
 * as the signed-in member, never as someone else (docs/realtime.md).
 */
export function MessageComposer({ companyId }: { companyId: string }) {
  const { message: messageApi } = useFeedback();
  const showFailure = useShowFailure();
  const send = useSendMessage(companyId);
  const [text, setText] = useState("");
  const message = text.trim();
  const canSend = message.length > 0 && !send.isPending;

  const submit = () => {
    if (!canSend) return;
    send.mutate(message, {
      onSuccess: (outcome) => {
        setText("");
        if ("kept" in outcome)
          void messageApi.info("Saved on this phone. It will be sent when you are back online.");
      },
      onError: (error) => showFailure("Failed to send message. Please try again.", error),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing a character belongs to the input method.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Input.TextArea
        className="chat-composer__input"
        aria-label="Message"
        placeholder="Message the team"
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={CHAT_MESSAGE_MAX}
        showCount={text.length >= COUNT_FROM}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <TrialLock action="chat">
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={send.isPending}
          disabled={!canSend && !send.isPending}
          aria-label="Send"
          className="chat-composer__send"
        >
          <span className="desktop-label">Send</span>
        </Button>
      </TrialLock>
    </form>
  );
}
