import { FileTextOutlined, PlusOutlined } from "@ant-design/icons";
import { QUOTE_STATUSES, type QuoteStatus, quoteLabel } from "@sched/shared-types";
import { Select, Skeleton, Tag } from "antd";
import { Link, useSearchParams } from "react-router";
import { CompanyScreen } from "../../components/CompanyScreen";
import { EmptyCard, ListBody } from "../../components/ListBody";
import { PageTitle } from "../../components/PageTitle";
import { TrialLock } from "../../components/TrialLock";
import { formatDate } from "../../lib/dates";
import { ButtonLink } from "../../ui/ButtonLink";
import { money, STATUS_COLORS, STATUS_WORDS, shownOption } from "./quoteWords";
import { useQuoteList } from "./useQuotes";
import "./quotes.css";

const ALL = "all";
const isStatus = (value: string | null): value is QuoteStatus =>
  value !== null && (QUOTE_STATUSES as readonly string[]).includes(value);

/**
 * The office's quotes (docs/quotes.md): newest first, filtered by status (kept in the URL,
 * ?status=), each a link to the quote. Another office member's change or a customer's
 * answer arrives as `quote.updated` and the list reads again (useRealtime).
 */
export default function QuotesPage() {
  return <CompanyScreen title="Quotes">{(companyId) => <QuoteList companyId={companyId} />}</CompanyScreen>;
}

function QuoteList({ companyId }: { companyId: string }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get("status");
  const status = isStatus(asked) ? asked : undefined;
  const quotes = useQuoteList(companyId, status);
  const newQuote = (
    <TrialLock action="manageMoney">
      <ButtonLink to="/quotes/new" type="primary" icon={<PlusOutlined aria-hidden />}>
        New quote
      </ButtonLink>
    </TrialLock>
  );

  return (
    <div className="quotes-page">
      <div className="quotes-header">
        <PageTitle title="Quotes" subtitle="Good, better and best: what the customer may approve online." />
        {newQuote}
      </div>
      <div className="quotes-filter">
        <label htmlFor="quote-status-filter">Status</label>
        <Select
          id="quote-status-filter"
          className="quotes-filter__select"
          value={status ?? ALL}
          onChange={(value: string) =>
            setParams(value === ALL ? {} : { status: value }, { replace: true, preventScrollReset: true })
          }
          options={[
            { value: ALL, label: "All quotes" },
            ...QUOTE_STATUSES.map((value) => ({ value, label: STATUS_WORDS[value] })),
          ]}
        />
      </div>
      <ListBody
        query={quotes}
        listClassName="quotes-list"
        loadingTestId="quotes-loading"
        skeleton={<Skeleton active title={false} paragraph={{ rows: 2 }} />}
        errorTitle="The quotes could not be loaded"
        empty={
          <EmptyCard
            className="quotes-empty"
            testId="quotes-empty"
            icon={FileTextOutlined}
            title={status ? `No ${STATUS_WORDS[status].toLowerCase()} quotes` : "No quotes yet"}
            text={
              status
                ? "Pick another status to see the others."
                : "A quote offers the customer one to five options to approve online."
            }
            action={status ? undefined : newQuote}
          />
        }
      >
        {(list) => (
          <ul className="quotes-list" aria-label="Quotes" data-testid="quote-list">
            {list.map((quote) => {
              const option = shownOption(quote);
              return (
                <li key={quote.id}>
                  <Link className="quote-row" to={`/quotes/${quote.id}`} data-testid="quote-row">
                    <span className="quote-row__number">{quoteLabel(quote.number)}</span>
                    <span className="quote-row__customer">{quote.customerName}</span>
                    <span className="quote-row__status">
                      <Tag color={STATUS_COLORS[quote.status]}>{STATUS_WORDS[quote.status]}</Tag>
                    </span>
                    <span className="quote-row__expiry">Expires {formatDate(quote.expiresOn)}</span>
                    <span className="quote-row__total">
                      {option ? (
                        <>
                          <span className="quote-row__option">{option.name}</span> {money(option.total)}
                        </>
                      ) : null}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </ListBody>
    </div>
  );
}
