import { CopyOutlined } from "@ant-design/icons";
import { Alert, Button, Input } from "antd";
import { useId } from "react";
import { useFeedback } from "../../ui/feedback";

/**
 * The customer's link from a send's answer, to read and copy: the office can paste it into
 * a message of its own. The server keeps no copy to show again (the token is signed).
 */
export function QuoteLink({ url }: { url: string }) {
  const { message } = useFeedback();
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      message.success("Link copied");
    } catch {
      // No clipboard (an insecure page, a refusal): the field is selected to copy by hand.
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      message.info("Press Ctrl+C (or ⌘C) to copy the selected link");
    }
  };
  return (
    <Alert
      className="quote-link"
      type="success"
      showIcon
      title="Sent. The customer's link:"
      description={
        <div className="quote-link__row">
          <Input
            id={inputId}
            readOnly
            value={url}
            aria-label="The customer's quote link"
            data-testid="quote-link"
            onFocus={(event) => event.target.select()}
          />
          <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
            Copy link
          </Button>
        </div>
      }
    />
  );
}
