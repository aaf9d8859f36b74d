/**
 * /invoice/<token> (docs/invoice-page.md): one invoice as its customer sees it, its PDF, and
 * Pay by card (Stripe Checkout, or demo mode's simulated step). Back from Checkout the page
 * asks again a few times until the webhook has recorded the payment.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./api";
import { CompanyLogo } from "./CompanyLogo";
import { CONFIRM_EVERY_MS, CONFIRM_TRIES, type Outcome, takeOutcome } from "./checkout-return";
import { formatDay } from "./format";
import { InvoiceLines } from "./InvoiceLines";
import {
  formatAmount,
  getInvoice,
  invoiceStatusWords,
  invoiceUrl,
  type PublicInvoice,
  payInDemo,
  startPayment,
} from "./invoice-api";
import { Alert } from "./Step";
import { Loading, Unavailable } from "./Unavailable";
import { messageOf, useCustomerAction } from "./useCustomerAction";

export function InvoicePage({ token }: { token: string }) {
  const [invoice, setInvoice] = useState<PublicInvoice | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { busy, error, setError, act } = useCustomerAction();
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      const found = await getInvoice(token);
      setInvoice(found);
      return found;
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 404) setInvalid(true);
      else setError(messageOf(caught));
      return null;
    }
  }, [token, setError]);

  useEffect(() => {
    const back = takeOutcome();
    setOutcome(back);
    if (back === "cancelled") setNotice("Payment cancelled: nothing was charged.");
    let stopped = false;
    void (async () => {
      let found = await load();
      if (back !== "done") return;
      setNotice("Confirming your payment…");
      for (let tries = 1; !stopped && found && found.balance.amount > 0 && tries < CONFIRM_TRIES; tries++) {
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_EVERY_MS));
        found = await load();
      }
      if (stopped || !found) return;
      setNotice(
        found.balance.amount > 0
          ? "Your payment is processing: this page will show it once it is confirmed."
          : "Payment received. Thank you!",
      );
    })();
    return () => {
      stopped = true;
    };
  }, [load]);

  useEffect(() => {
    if (invoice) document.title = `Invoice ${invoice.number}: ${invoice.company.name}`;
  }, [invoice]);

  if (invalid)
    return (
      <Unavailable title="This invoice link is not valid" detail="Please contact the company that sent it." />
    );
  if (!invoice) return error ? <Unavailable title="This page could not load" detail={error} /> : <Loading />;

  const money = (value: { amount: number; currency: string }) => formatAmount(value, invoice.locale);
  const pay = () =>
    act(async () => {
      const { url } = await startPayment(token);
      window.location.assign(url);
    });
  const confirmDemo = () =>
    act(async () => {
      setInvoice(await payInDemo(token));
      setOutcome(null);
      setNotice("Payment received. Thank you!");
      heading.current?.focus();
    });
  const isDemoStep = outcome === "demo" && invoice.canPay && invoice.card === "demo";

  return (
    <main className="page">
      <CompanyLogo
        pageUrl={invoiceUrl(token)}
        version={invoice.company.logoVersion}
        companyName={invoice.company.name}
      />
      <h1 ref={heading} tabIndex={-1}>
        Invoice {invoice.number} from {invoice.company.name}
      </h1>
      <p className="status-line" role="status">
        <span className={`badge badge--invoice-${invoice.status}`}>{invoiceStatusWords(invoice)}</span>
        {notice && <span className="notice"> {notice}</span>}
      </p>
      {error && <Alert>{error}</Alert>}
      <dl className="facts">
        <dt>Amount due</dt>
        <dd className="due">
          {money(invoice.status === "void" ? { ...invoice.balance, amount: 0 } : invoice.balance)}
        </dd>
        <dt>Due on</dt>
        <dd>{formatDay(invoice.dueOn)}</dd>
        <dt>Issued on</dt>
        <dd>{formatDay(invoice.issuedOn)}</dd>
        {invoice.billTo && (
          <>
            <dt>Bill to</dt>
            <dd>
              {invoice.billTo.name}
              {invoice.billTo.address && <span className="address">{invoice.billTo.address}</span>}
            </dd>
          </>
        )}
      </dl>
      {invoice.status === "void" && (
        <p className="closed">This invoice was cancelled: there is nothing to pay.</p>
      )}
      {isDemoStep ? (
        <section className="step" aria-labelledby="demo-heading">
          <h2 id="demo-heading">Demo card payment</h2>
          <p>Demo mode: payments are simulated and no card is charged.</p>
          <div className="actions">
            <button type="button" onClick={confirmDemo} aria-disabled={busy}>
              Confirm demo payment of {money(invoice.balance)}
            </button>
            <button type="button" className="secondary" onClick={() => setOutcome(null)}>
              Cancel
            </button>
          </div>
        </section>
      ) : (
        <div className="actions">
          {invoice.canPay && (
            <button type="button" onClick={pay} aria-disabled={busy}>
              Pay {money(invoice.balance)} by card
            </button>
          )}
          <a className="button-link" href={`${invoiceUrl(token)}/pdf`} download>
            Download PDF
          </a>
        </div>
      )}
      {invoice.card === "unavailable" && invoice.balance.amount > 0 && invoice.status !== "void" && (
        <p className="hint">Card payments are not available here: please pay as the invoice says.</p>
      )}
      <InvoiceLines invoice={invoice} money={money} />
      <footer className="seller">
        <p>{invoice.company.name}</p>
        {invoice.company.address && <p>{invoice.company.address}</p>}
        {invoice.company.taxNumbers.map((number) => (
          <p key={`${number.label}-${number.value}`}>
            {number.label}: {number.value}
          </p>
        ))}
      </footer>
    </main>
  );
}
