import { CopyOutlined } from "@ant-design/icons";
import type { InputRef } from "antd";
import { Button, Input, Modal, Space } from "antd";
import { useRef } from "react";
import { useFeedback } from "../../ui/feedback";

/** The same address for calendar apps that open `webcal:` links (phones do). */
const webcalOf = (url: string) => url.replace(/^https?:/, "webcal:");

type CalendarLinkDialogProps = { url: string; open: boolean; onClose: () => void };

/** The member's calendar address, to copy or open in a calendar app (CalendarFeed.tsx). */
export default function CalendarLinkDialog({ url, open, onClose }: CalendarLinkDialogProps) {
  const { message } = useFeedback();
  const input = useRef<InputRef>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success("Link copied");
    } catch {
      // No clipboard (plain http, or refused): select the text so a long press copies it.
      input.current?.select();
    }
  };

  return (
    <Modal
      open={open}
      title="Your calendar link"
      onCancel={onClose}
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <p>
        Add this address to your calendar app as a subscribed calendar (in Google Calendar: Other calendars,
        From URL). Your jobs appear there and follow every change.
      </p>
      <Space.Compact block>
        <Input ref={input} readOnly value={url} aria-label="Calendar link" data-testid="calendar-url" />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy
        </Button>
      </Space.Compact>
      <p className="my-day__calendar-open">
        <a href={webcalOf(url)}>Open in my calendar app</a>
      </p>
      <p className="my-day__calendar-note">
        Keep it to yourself: anyone with the link sees your jobs. Getting a new link stops the old one.
      </p>
    </Modal>
  );
}
