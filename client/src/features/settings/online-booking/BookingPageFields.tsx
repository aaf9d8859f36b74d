/**
 * Online booking on or off, and where the page is (docs/booking-office.md): the address's
 * last part (the slug), the whole address to copy, and the snippet that embeds the page in
 * the company's own site.
 */
import { CopyOutlined } from "@ant-design/icons";
import { Button, Form, Input, Switch, Typography } from "antd";
import { useFeedback } from "../../../ui/feedback";

/** The page's address for `slug`, on the server the saved address names. */
export function bookingPageUrl(savedUrl: string | null, slug: string): string {
  let origin = window.location.origin;
  try {
    if (savedUrl) origin = new URL(savedUrl).origin;
  } catch {
    // No saved address yet: this app's own.
  }
  return `${origin}/book/${encodeURIComponent(slug.trim())}`;
}

export function embedSnippet(url: string, companyName: string): string {
  const title = `Book a visit with ${companyName}`.replace(/"/g, "&quot;");
  return `<iframe src="${url}" title="${title}" width="100%" height="760" style="border:0;max-width:640px" loading="lazy"></iframe>`;
}

function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { message } = useFeedback();
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => message.success("Copied"),
      () => message.error("Could not copy: select the text and copy it"),
    );
  return (
    <Button
      icon={<CopyOutlined aria-hidden />}
      onClick={() => void copy()}
      aria-label={label}
      data-testid={testId}
    >
      Copy
    </Button>
  );
}

export function BookingPageFields({
  savedUrl,
  companyName,
}: {
  savedUrl: string | null;
  companyName: string;
}) {
  const form = Form.useFormInstance();
  const slug = (Form.useWatch<string | undefined>("slug", form) ?? "").trim();
  const url = slug ? bookingPageUrl(savedUrl, slug) : "";
  return (
    <fieldset className="settings__group" aria-label="Booking page">
      <legend className="settings__legend">Booking page</legend>
      <Form.Item
        label="Take bookings online"
        name="enabled"
        valuePropName="checked"
        extra="Customers pick a service and an arrival window that a technician who fits can still make."
      >
        <Switch aria-label="Take bookings online" data-testid="booking-enabled" />
      </Form.Item>
      <Form.Item
        label="Page address"
        name="slug"
        extra="Lowercase letters, digits and dashes: the last part of the page's address."
      >
        <Input prefix="/book/" autoComplete="off" aria-label="Page address" data-testid="booking-slug" />
      </Form.Item>
      <Form.Item label="Phone customers call" name="phone" extra="Shown on the booking and visit pages.">
        <Input type="tel" autoComplete="off" aria-label="Phone customers call" data-testid="booking-phone" />
      </Form.Item>
      {url ? (
        <>
          <div className="booking-settings__copy-row">
            <Typography.Link href={url} target="_blank" rel="noreferrer" data-testid="booking-url">
              {url}
            </Typography.Link>
            <CopyButton text={url} label="Copy the booking page's address" testId="booking-url-copy" />
          </div>
          <Form.Item
            label="Embed in your website"
            extra="Paste this where the page should show on your site."
          >
            <div className="booking-settings__copy-row">
              <Input.TextArea
                readOnly
                autoSize={{ minRows: 2, maxRows: 4 }}
                value={embedSnippet(url, companyName)}
                aria-label="Embed snippet"
                data-testid="booking-embed"
              />
              <CopyButton
                text={embedSnippet(url, companyName)}
                label="Copy the embed snippet"
                testId="booking-embed-copy"
              />
            </div>
          </Form.Item>
        </>
      ) : null}
    </fieldset>
  );
}
