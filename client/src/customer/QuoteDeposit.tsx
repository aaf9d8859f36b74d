/**
 * A quote's deposit on the customer's page (docs/quotes.md, "Deposit"). While the quote is
 * open it says what deposit approval asks; once approved it offers **Pay the $X deposit** by
 * card (Stripe Checkout, or demo mode's step on this page), then says it was paid. Back from
 * Checkout it asks again a few times until the webhook has recorded the payment.
 */
import { useEffect, useRef, useState } from "react";
import { CONFIRM_EVERY_MS, CONFIRM_TRIES, type Outcome, takeOutcome } from "./checkout-return";
import { depositAskWords, payDepositInDemo, startDeposit } from "./deposit-api";
import { getQuote, type Money, type PublicQuote } from "./quote-api";
import { Alert } from "./Step";
import { useCustomerAction } from "./useCustomerAction";

type Props = {
  token: string;
  quote: PublicQuote;
  money: (value: Money) => string;
  /** The quote as it is now, once the deposit moved. */
  onChange: (quote: PublicQuote) => void;
};

export function QuoteDeposit({ token, quote, money, onChange }: Props) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, act } = useCustomerAction();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const back = takeOutcome();
    setOutcome(back);
    if (back === "cancelled") setNotice("Payment cancelled: nothing was charged.");
    if (back !== "done") return;
    let stopped = false;
    setNotice("Confirming your deposit…");
    void (async () => {
      let found: PublicQuote | null = null;
      for (let tries = 0; !stopped && tries < CONFIRM_TRIES; tries++) {
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, CONFIRM_EVERY_MS));
        found = await getQuote(token).catch(() => null);
        if (found) onChange(found);
        if (found && !found.depositDue) break;
      }
      if (stopped) return;
      setNotice(
        found?.depositDue
          ? "Your deposit is processing: this page will show it once it is confirmed."
          : "Deposit received. Thank you!",
      );
    })();
    return () => {
      stopped = true;
    };
  }, [token, onChange]);

  if (!quote.deposit) return null;
  if (quote.status === "sent" || quote.status === "viewed")
    return <p className="hint">Approving asks for {depositAskWords(quote.deposit, money)}, paid by card.</p>;
  if (quote.status !== "approved") return null;

  const pay = () =>
    act(async () => {
      const { url } = await startDeposit(token);
      window.location.assign(url);
    });
  const confirmDemo = () =>
    act(async () => {
      onChange(await payDepositInDemo(token));
      setOutcome(null);
      setNotice("Deposit received. Thank you!");
      heading.current?.focus();
    });
  const due = quote.depositDue;

  return (
    <section className="step" aria-labelledby="deposit-heading">
      <h2 id="deposit-heading" ref={heading} tabIndex={-1}>
        Deposit
      </h2>
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {error && <Alert>{error}</Alert>}
      {quote.depositPaid && !due && (
        <p className="closed closed--done">Deposit paid: {money(quote.depositPaid)}.</p>
      )}
      {due && quote.card === "unavailable" && (
        <p className="hint">
          Please pay the {money(due)} deposit as {quote.company.name} tells you: cards are not taken here.
        </p>
      )}
      {due && quote.card === "demo" && outcome === "demo" ? (
        <>
          <p>Demo mode: payments are simulated and no card is charged.</p>
          <div className="actions">
            <button type="button" onClick={confirmDemo} aria-disabled={busy}>
              Confirm demo payment of {money(due)}
            </button>
            <button type="button" className="secondary" onClick={() => setOutcome(null)}>
              Cancel
            </button>
          </div>
        </>
      ) : (
        due &&
        quote.card !== "unavailable" && (
          <div className="actions">
            <button type="button" onClick={pay} aria-disabled={busy}>
              Pay the {money(due)} deposit
            </button>
          </div>
        )
      )}
    </section>
  );
}
