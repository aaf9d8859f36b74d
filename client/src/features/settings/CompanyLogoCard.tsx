/**
 * The company logo in Company Settings → Documents (docs/money.md, "Logo"): owners and
 * admins pick a PNG or JPEG, see it as the invoice will show it, replace or remove it.
 * A file is sent as soon as it is picked; a wrong type or size is named before sending,
 * and whatever the server refuses is shown under the preview.
 */
import { Alert, Button, Result, Skeleton } from "antd";
import { type ChangeEvent, useRef, useState } from "react";
import { errorMessage } from "../../lib/errorText";
import { DangerConfirmButton } from "../../ui/DangerConfirmButton";
import { useFeedback } from "../../ui/feedback";
import { useMoneySettings } from "../price-book/usePriceBook";
import { LOGO_ACCEPT, logoFileProblem, logoSizeText, readAsDataUrl } from "./logo-file";
import { useRemoveLogo, useUploadLogo } from "./useCompanyLogo";

export function CompanyLogoCard({ companyId, companyName }: { companyId: string; companyName: string }) {
  const settings = useMoneySettings(companyId);
  const upload = useUploadLogo(companyId);
  const remove = useRemoveLogo(companyId);
  const { message } = useFeedback();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (settings.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (settings.isError)
    return (
      <Result
        status="warning"
        title="The logo could not be loaded"
        extra={<Button onClick={() => void settings.refetch()}>Try again</Button>}
      />
    );
  const logo = settings.data.logo;
  const busy = upload.isPending || remove.isPending;

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file picked again after a refusal must fire a change too.
    event.target.value = "";
    if (!file) return;
    const refused = logoFileProblem(file);
    setProblem(refused);
    if (refused) return;
    try {
      await upload.mutateAsync(await readAsDataUrl(file));
      message.success(logo ? "Logo replaced" : "Logo added");
    } catch (error) {
      setProblem(errorMessage(error, "The logo was not saved. Please try again."));
    }
  };

  const onRemove = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync();
      message.success("Logo removed");
    } catch (error) {
      setProblem(errorMessage(error, "The logo was not removed. Please try again."));
    }
  };

  return (
    <section className="company-logo-card" aria-labelledby="company-logo-heading">
      <h2 id="company-logo-heading" className="settings__legend">
        Logo
      </h2>
      <p className="settings__hint">
        Printed at the top of your invoices and shown on the pages your customers open from your invoices and
        quotes. PNG or JPEG, at most 512 kB.
      </p>
      <div className="company-logo-card__preview" aria-busy={busy}>
        {logo ? (
          <img src={logo.url} alt={`${companyName} logo`} data-testid="settings-logo-preview" />
        ) : (
          <span className="company-logo-card__empty">No logo yet</span>
        )}
      </div>
      {logo ? (
        <p className="company-logo-card__meta">
          {logo.mimeType === "image/png" ? "PNG" : "JPEG"}, {logoSizeText(logo.size)}
        </p>
      ) : null}
      {problem ? (
        <Alert type="error" showIcon title={problem} className="company-logo-card__problem" role="alert" />
      ) : null}
      <input
        ref={input}
        type="file"
        accept={LOGO_ACCEPT}
        hidden
        onChange={(event) => void onPick(event)}
        data-testid="logo-input"
        aria-label="Logo file"
      />
      <div className="company-logo-card__actions">
        <Button
          type="primary"
          loading={upload.isPending}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {logo ? "Replace logo" : "Upload logo"}
        </Button>
        {logo ? (
          <DangerConfirmButton
            question="Remove the logo?"
            consequence="Invoices and your customers' pages show no logo until you add one."
            confirmText="Remove"
            onConfirm={onRemove}
            loading={remove.isPending}
            disabled={busy}
          >
            Remove
          </DangerConfirmButton>
        ) : null}
      </div>
    </section>
  );
}
