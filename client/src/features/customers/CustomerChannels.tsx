/**
 * How the company reaches a customer (docs/customers.md, "Text messages"): texts on, opted
 * out (they replied STOP) or impossible (no mobile number), and e-mail on, unsubscribed or
 * none. Words on each tag, not a colour alone (docs/accessibility.md).
 */
import { MailOutlined, MessageOutlined } from "@ant-design/icons";
import type { CustomerChannelsDTO } from "@sched/shared-types";
import { Tag } from "antd";

type State = CustomerChannelsDTO["sms"];
type Words = Record<State, { words: string; color: string }>;

const TEXT_WORDS: Words = {
  on: { words: "on", color: "green" },
  opted_out: { words: "opted out", color: "red" },
  none: { words: "no mobile", color: "default" },
};

const EMAIL_WORDS: Words = {
  on: { words: "on", color: "green" },
  opted_out: { words: "unsubscribed", color: "red" },
  none: { words: "no address", color: "default" },
};

export function CustomerChannels({ channels }: { channels: CustomerChannelsDTO }) {
  const text = TEXT_WORDS[channels.sms];
  const email = EMAIL_WORDS[channels.email];
  return (
    <ul className="customer-channels" aria-label="Messages to this customer" data-testid="customer-channels">
      <li>
        <Tag color={text.color} icon={<MessageOutlined aria-hidden />} data-testid="customer-channel-sms">
          Texts: {text.words}
        </Tag>
      </li>
      <li>
        <Tag color={email.color} icon={<MailOutlined aria-hidden />} data-testid="customer-channel-email">
          E-mail: {email.words}
        </Tag>
      </li>
    </ul>
  );
}
