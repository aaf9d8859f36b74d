import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  MailOutlined,
  MessageOutlined,
} from "@ant-design/icons";
import { type QuoteDTO, quoteLabel } from "@sched/shared-types";
import { Alert, Button, Card, Result, Skeleton, Tag } from "antd";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useShowFailure } from "../../components/FailureNotice";
import { PageTitle } from "../../components/PageTitle";
import { TrialLock } from "../../components/TrialLock";
import { isApiError } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/dates";
import { errorMessage } from "../../lib/errorText";
import { ButtonLink } from "../../ui/ButtonLink";
import { DangerConfirmButton } from "../../ui/DangerConfirmButton";
import { useFeedback } from "../../ui/feedback";
import { QuoteDepositFacts } from "./QuoteDepositFacts";
import { QuoteJobs } from "./QuoteJobs";
import { QuoteLink } from "./QuoteLink";
import { QuoteOptionSummary } from "./QuoteOptionSummary";
import { isEditable, STATUS_COLORS, STATUS_WORDS } from "./quoteWords";
import { useDeleteQuote, useQuote, useSendQuote } from "./useQuotes";
import "./quotes.css";

const back = (
  <Link to="/quotes" className="quote-page__back">
    <ArrowLeftOutlined aria-hidden /> Quotes
  </Link>
);

/** One quote (docs/quotes.md): its state, its options with their totals, and what to do next. */
export default function QuotePage() {
  const { quoteId } = useParams();
  const quote = useQuote(quoteId);
  if (quote.isPending) {
    return (
      <div className="quote-page">
        {back}
        <Card size="small" data-testid="quote-loading">
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      </div>
    );
  }
  if (quote.isError) {
    return (
      <div className="quote-page">
        {back}
        {isApiError(quote.error, "not_found") ? (
          <Result status="404" title="Quote not found" subTitle="It may have been deleted." />
        ) : (
          <Alert
            type="error"
            showIcon
            title="Could not load the quote"
            description={errorMessage(quote.error, "Please try again.")}
            action={<Button onClick={() => void quote.refetch()}>Retry</Button>}
          />
        )}
      </div>
    );
  }
  return <QuoteView quote={quote.data} />;
}

function QuoteView({ quote }: { quote: QuoteDTO }) {
  const navigate = useNavigate();
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const send = useSendQuote();
  const remove = useDeleteQuote();
  const [link, setLink] = useState<string | null>(null);
  const options = [...quote.options].sort((a, b) => a.position - b.position);

  const sendBy = (channel: "email" | "text") =>
    send.mutate(
      { id: quote.id, channel, version: quote.version },
      {
        onSuccess: ({ url }) => {
          setLink(url);
          notification.success({ title: channel === "email" ? "Quote e-mailed" : "Quote texted" });
        },
        onError: (error) => showFailure("Not sent", error),
      },
    );
  const onDelete = () =>
    remove.mutate(quote.id, {
      onSuccess: () => {
        notification.success({ title: "Quote deleted" });
        void navigate("/quotes");
      },
      onError: (error) => showFailure("Not deleted", error),
    });
  const isAnswered = quote.status === "approved" || quote.status === "declined";

  return (
    <div className="quote-page">
      {back}
      <div className="quote-page__header">
        <PageTitle title={`Quote ${quoteLabel(quote.number)}`} subtitle={quote.customerName} />
        <div className="quote-page__actions">
          {isEditable(quote.status) ? (
            <TrialLock action="manageMoney">
              <ButtonLink to={`/quotes/${quote.id}/edit`} icon={<EditOutlined aria-hidden />}>
                Edit
              </ButtonLink>
            </TrialLock>
          ) : null}
          {isAnswered ? null : (
            <>
              <TrialLock action="manageMoney">
                <Button
                  type="primary"
                  icon={<MailOutlined aria-hidden />}
                  loading={send.isPending && send.variables?.channel === "email"}
                  onClick={() => sendBy("email")}
                >
                  Send by e-mail
                </Button>
              </TrialLock>
              <TrialLock action="manageMoney">
                <Button
                  icon={<MessageOutlined aria-hidden />}
                  loading={send.isPending && send.variables?.channel === "text"}
                  onClick={() => sendBy("text")}
                >
                  Send by text
                </Button>
              </TrialLock>
            </>
          )}
          {quote.status === "draft" ? (
            <DangerConfirmButton
              question="Delete this draft?"
              confirmText="Delete"
              onConfirm={onDelete}
              icon={<DeleteOutlined aria-hidden />}
              loading={remove.isPending}
            >
              Delete draft
            </DangerConfirmButton>
          ) : null}
        </div>
      </div>

      {link ? <QuoteLink url={link} /> : null}

      <dl className="quote-facts" data-testid="quote-facts">
        <dt>Status</dt>
        <dd>
          <Tag color={STATUS_COLORS[quote.status]} data-testid="quote-status">
            {STATUS_WORDS[quote.status]}
          </Tag>
        </dd>
        <dt>Customer</dt>
        <dd>
          <Link to={`/customers/${quote.customerId}`}>{quote.customerName}</Link>
        </dd>
        <dt>Expires</dt>
        <dd>{formatDate(quote.expiresOn)}</dd>
        {quote.sentAt ? (
          <>
            <dt>Sent</dt>
            <dd>{formatDateTime(quote.sentAt)}</dd>
          </>
        ) : null}
        {quote.viewedAt ? (
          <>
            <dt>Viewed</dt>
            <dd>{formatDateTime(quote.viewedAt)}</dd>
          </>
        ) : null}
        {quote.approvedAt ? (
          <>
            <dt>Approved</dt>
            <dd>
              {formatDateTime(quote.approvedAt)}
              {quote.approvedBy ? `, signed “${quote.approvedBy}”` : ""}
            </dd>
          </>
        ) : null}
        {quote.declinedAt ? (
          <>
            <dt>Declined</dt>
            <dd>
              {formatDateTime(quote.declinedAt)}
              {quote.declineReason ? `: “${quote.declineReason}”` : ""}
            </dd>
          </>
        ) : null}
        <QuoteDepositFacts quote={quote} />
        {quote.notes ? (
          <>
            <dt>Notes</dt>
            <dd className="quote-facts__notes">{quote.notes}</dd>
          </>
        ) : null}
      </dl>

      {quote.status === "approved" ? <QuoteJobs companyId={quote.companyId} jobIds={quote.jobIds} /> : null}

      <div className="quote-options">
        {options.map((option) => (
          <QuoteOptionSummary
            key={option.id}
            option={option}
            isApproved={option.id === quote.approvedOptionId}
          />
        ))}
      </div>
    </div>
  );
}
