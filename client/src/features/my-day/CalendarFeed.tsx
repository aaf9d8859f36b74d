import { CalendarOutlined, CopyOutlined } from "@ant-design/icons";
import type { InputRef } from "antd";
import { Button, Input, Modal, Space } from "antd";
import { useRef, useState } from "react";
import { useFeedback } from "../../app/feedback";
import { useShowFailure } from "../../lib/FailureNotice";
import { useCalendarFeed } from "./useMyDay";

/** The same address for calendar apps that open `webcal:` links (phones do). */
const webcalOf = (url: string) => url.replace(/^https?:/, "webcal:");

/**
 * "Add to my calendar" (docs/my-day.md): a secret address a phone's calendar subscribes
 * to, so the member's jobs show there and follow every change. Getting a new one stops
 * the old one, which is how a leaked address is shut.
 */
export function CalendarFeed({ companyId }: { companyId: string }) {
  const { message } = useFeedback();
  const showFailure = useShowFailure();
  const feed = useCalendarFeed(companyId);
  const [url, setUrl] = useState<string | null>(null);
  const input = useRef<InputRef>(null);

  const getLink = () =>
    feed.mutate(undefined, {
      onSuccess: (answer) => setUrl(answer.url),
      onError: (error) => showFailure("No calendar link", error),
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      void message.success("Link copied");
    } catch {
      // No clipboard (plain http, or refused): select the text so a long press copies it.
      input.current?.select();
    }
  };

  return (
    <section className="my-day__calendar">
      <Button icon={<CalendarOutlined aria-hidden />} onClick={getLink} loading={feed.isPending}>
        Add to my calendar
      </Button>
      <Modal
        open={url !== null}
        title="Your calendar link"
        onCancel={() => setUrl(null)}
        footer={<Button onClick={() => setUrl(null)}>Done</Button>}
      >
        <p>
          Add this address to your calendar app as a subscribed calendar (in Google Calendar: Other calendars,
          From URL). Your jobs appear there and follow every change.
        </p>
        <Space.Compact block>
          <Input
            ref={input}
            readOnly
            value={url ?? ""}
            aria-label="Calendar link"
            data-testid="calendar-url"
          />
          <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
            Copy
          </Button>
        </Space.Compact>
        {url ? (
          <p className="my-day__calendar-open">
            <a href={webcalOf(url)}>Open in my calendar app</a>
          </p>
        ) : null}
        <p className="my-day__calendar-note">
          Keep it to yourself: anyone with the link sees your jobs. Getting a new link stops the old one.
        </p>
      </Modal>
    </section>
  );
}
