/**
 * /quote/<token> (docs/quotes.md): one quote as its customer sees it: the options side by
 * side (stacked on a phone) with their lines and totals in the company's currency, optional
 * items to tick, and Approve (type your name) or Decline (a reason). Once decided, expired
 * or declined, the page says so and shows what was agreed.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./api";
import { CompanyLogo } from "./CompanyLogo";
import { formatDay, formatStamp } from "./format";
import { formatAmount } from "./invoice-api";
import { QuoteAnswer } from "./QuoteAnswer";
import { QuoteDeposit } from "./QuoteDeposit";
import { QuoteOptions } from "./QuoteOptions";
import { QuoteWindow } from "./QuoteWindow";
import {
  approveQuote,
  declineQuote,
  getQuote,
  type Money,
  type PublicQuote,
  quoteStatusWords,
  quoteUrl,
  totalsWith,
} from "./quote-api";
import { Alert } from "./Step";
import { Loading, Unavailable } from "./Unavailable";

const isOpen = (status: PublicQuote["status"]) => status === "sent" || status === "viewed";

export function QuotePage({ token }: { token: string }) {
  const [quote, setQuote] = useState<PublicQuote | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      const found = await getQuote(token);
      setQuote(found);
      // One option: it is the choice.
      if (found.options.length === 1) setChosen(found.options[0].id);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setInvalid(true);
      else setError(caught instanceof Error ? caught.message : String(caught));
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (quote) document.title = `Quote Q-${quote.number}: ${quote.company.name}`;
  }, [quote]);

  if (invalid)
    return (
      <Unavailable title="This quote link is not valid" detail="Please contact the company that sent it." />
    );
  if (!quote) return error ? <Unavailable title="This page could not load" detail={error} /> : <Loading />;

  const money = (value: Money) => formatAmount(value, quote.locale);
  const answer = async (send: () => Promise<PublicQuote>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      setQuote(await send());
      heading.current?.focus();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      // Decided or expired meanwhile (409): show the quote as it is now.
      if (caught instanceof ApiError && caught.status === 409) await load();
    } finally {
      setBusy(false);
    }
  };
  const option = quote.options.find((entry) => entry.id === chosen);
  const approve = (name: string) =>
    answer(() =>
      approveQuote(token, {
        option: option?.id ?? "",
        name,
        optionalLineIds: (option?.lines ?? []).filter((line) => ticked.has(line.id)).map((line) => line.id),
      }),
    );
  const decline = (reason: string) => answer(() => declineQuote(token, { reason }));
  const tick = (lineId: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(lineId);
      else next.delete(lineId);
      return next;
    });
  const approved = quote.options.find((entry) => entry.id === quote.approvedOptionId);
  const open = isOpen(quote.status);

  return (
    <main className="page page--wide">
      <CompanyLogo
        pageUrl={quoteUrl(token)}
        version={quote.company.logoVersion}
        companyName={quote.company.name}
      />
      <h1 ref={heading} tabIndex={-1}>
        Quote Q-{quote.number} from {quote.company.name}
      </h1>
      <p className="status-line" role="status">
        <span className={`badge badge--quote-${quote.status}`}>{quoteStatusWords(quote.status)}</span>
      </p>
      {error && <Alert>{error}</Alert>}
      <dl className="facts">
        <dt>For</dt>
        <dd>{quote.customerName}</dd>
        <dt>Valid until</dt>
        <dd>{formatDay(quote.expiresOn)}</dd>
      </dl>
      {quote.notes && <p className="quote-notes">{quote.notes}</p>}
      {quote.status === "approved" && (
        <p className="closed closed--done">
          {quote.approvedBy} approved {approved?.name ?? "this quote"}
          {quote.approvedAt && ` on ${formatStamp(quote.approvedAt)}`}. Thank you: {quote.company.name} will
          be in touch about the work.
        </p>
      )}
      {quote.status === "approved" && <QuoteWindow token={token} companyName={quote.company.name} />}
      <QuoteDeposit token={token} quote={quote} money={money} onChange={setQuote} />
      {quote.status === "declined" && (
        <p className="closed">
          You declined this quote{quote.declineReason ? `: “${quote.declineReason}”` : "."} Thank you for
          letting us know.
        </p>
      )}
      {quote.status === "expired" && (
        <p className="closed">
          This quote expired on {formatDay(quote.expiresOn)}. Please contact {quote.company.name} for a new
          one.
        </p>
      )}
      {open ? (
        <>
          <QuoteOptions
            quote={quote}
            options={quote.options}
            money={money}
            choice={{ chosen, ticked, onChoose: setChosen, onTick: tick }}
          />
          <QuoteAnswer
            approveLabel={
              option ? `Approve ${option.name} for ${money(totalsWith(option, ticked).total)}` : null
            }
            busy={busy}
            onApprove={approve}
            onDecline={decline}
          />
        </>
      ) : (
        <QuoteOptions quote={quote} options={approved ? [approved] : quote.options} money={money} />
      )}
      <footer className="seller">
        <p>{quote.company.name}</p>
        {quote.company.documentAddress && <p>{quote.company.documentAddress}</p>}
        {quote.company.taxNumbers.map((number) => (
          <p key={`${number.label}-${number.value}`}>
            {number.label}: {number.value}
          </p>
        ))}
      </footer>
    </main>
  );
}
