import { CalendarOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { lazy, Suspense, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { useCalendarFeed } from "./useMyDay";

// The dialog (antd's Modal and Input) loads when a link is first asked for, not with My Day.
const CalendarLinkDialog = lazy(() => import("./CalendarLinkDialog"));

/**
 * "Add to my calendar" (docs/my-day.md): a secret address a phone's calendar subscribes
 * to, so the member's jobs show there and follow every change. Getting a new one stops
 * the old one, which is how a leaked address is shut.
 */
export function CalendarFeed({ companyId }: { companyId: string }) {
  const showFailure = useShowFailure();
  const feed = useCalendarFeed(companyId);
  const [url, setUrl] = useState<string | null>(null);
  // Kept once shown, so the dialog closes with its animation.
  const [shownUrl, setShownUrl] = useState<string | null>(null);

  const getLink = () =>
    feed.mutate(undefined, {
      onSuccess: (answer) => {
        setUrl(answer.url);
        setShownUrl(answer.url);
      },
      onError: (error) => showFailure("No calendar link", error),
    });

  return (
    <section className="my-day__calendar">
      <Button icon={<CalendarOutlined aria-hidden />} onClick={getLink} loading={feed.isPending}>
        Add to my calendar
      </Button>
      {shownUrl ? (
        <Suspense fallback={null}>
          <CalendarLinkDialog url={shownUrl} open={url !== null} onClose={() => setUrl(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
