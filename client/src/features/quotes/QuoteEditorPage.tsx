import { ArrowLeftOutlined } from "@ant-design/icons";
import type { QuoteDTO } from "@sched/shared-types";
import { Alert, Button, Card, Result, Skeleton } from "antd";
import { useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { CompanyScreen } from "../../components/CompanyScreen";
import { PageTitle } from "../../components/PageTitle";
import { isApiError } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { ButtonLink } from "../../ui/ButtonLink";
import { useMoneySettings, usePriceBook } from "../price-book/usePriceBook";
import { QuoteEditor } from "./QuoteEditor";
import { isEditable } from "./quoteWords";
import { useQuote } from "./useQuotes";
import "./quotes.css";

/**
 * A new quote (/quotes/new, ?customerId= from a customer's page) or one being changed
 * (/quotes/:quoteId/edit), once the money settings, the price book and the quote are here.
 */
export default function QuoteEditorPage() {
  const { quoteId } = useParams();
  return (
    <CompanyScreen title={quoteId ? "Edit quote" : "New quote"}>
      {(companyId) => <EditorLoader companyId={companyId} quoteId={quoteId} />}
    </CompanyScreen>
  );
}

function EditorLoader({ companyId, quoteId }: { companyId: string; quoteId: string | undefined }) {
  const [params] = useSearchParams();
  const settings = useMoneySettings(companyId);
  const priceBook = usePriceBook(companyId);
  const quote = useQuote(quoteId);
  // After a 409 stale the person may reload: the editor starts again from the current quote.
  const [reloaded, setReloaded] = useState<QuoteDTO | null>(null);
  const back = (
    <Link to={quoteId ? `/quotes/${quoteId}` : "/quotes"} className="quote-page__back">
      <ArrowLeftOutlined aria-hidden /> {quoteId ? "The quote" : "Quotes"}
    </Link>
  );
  const title = <PageTitle title={quoteId ? "Edit quote" : "New quote"} />;
  const failed = [settings, priceBook, ...(quoteId ? [quote] : [])].find((query) => query.isError);

  if (failed) {
    return (
      <div className="quote-page">
        {back}
        {title}
        {isApiError(failed.error, "not_found") ? (
          <Result status="404" title="Quote not found" subTitle="It may have been deleted." />
        ) : (
          <Alert
            type="error"
            showIcon
            title="Could not load what the quote needs"
            description={errorMessage(failed.error, "Please try again.")}
            action={<Button onClick={() => void failed.refetch()}>Retry</Button>}
          />
        )}
      </div>
    );
  }
  if (!settings.data || !priceBook.data || (quoteId && !quote.data)) {
    return (
      <div className="quote-page">
        {back}
        {title}
        <Card size="small" data-testid="quote-editor-loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  const opened = reloaded ?? quote.data;
  if (opened && !isEditable(opened.status)) {
    return (
      <div className="quote-page">
        {back}
        {title}
        <Result
          status="info"
          title="This quote was approved or declined and cannot change"
          extra={<ButtonLink to={`/quotes/${opened.id}`}>Open the quote</ButtonLink>}
        />
      </div>
    );
  }
  return (
    <div className="quote-page">
      {back}
      {title}
      <QuoteEditor
        // A new key starts the form again from the reloaded quote; a refetch alone leaves it alone.
        key={reloaded ? `reloaded-${reloaded.version}` : "opened"}
        companyId={companyId}
        settings={settings.data}
        priceBook={priceBook.data}
        quote={opened}
        customerId={params.get("customerId") ?? undefined}
        onReload={setReloaded}
      />
    </div>
  );
}
