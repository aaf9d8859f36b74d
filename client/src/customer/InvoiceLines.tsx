/** The invoice's lines and totals, one column from 320 px: each line's amount beside its name. */
import type { PublicInvoice } from "./invoice-api";

type Money = { amount: number; currency: string };

export function InvoiceLines({
  invoice,
  money,
}: {
  invoice: PublicInvoice;
  money: (value: Money) => string;
}) {
  return (
    <section className="step" aria-labelledby="lines-heading">
      <h2 id="lines-heading">Details</h2>
      <ul className="lines">
        {invoice.lines.map((line, index) => (
          // Lines have no ids on this page; their order is the invoice's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the printed order is the key
          <li key={index}>
            <span className="line-name">{line.name}</span>
            <span className="line-amount">{money(invoice.pricesIncludeTax ? line.gross : line.net)}</span>
            <span className="line-detail">
              {line.quantity} × {money(line.unitPrice)}
              {line.taxPercent !== null && ` · tax ${line.taxPercent} %`}
            </span>
          </li>
        ))}
      </ul>
      <dl className="totals">
        <dt>Subtotal</dt>
        <dd>{money(invoice.subtotal)}</dd>
        <dt>Tax{invoice.pricesIncludeTax ? " (included)" : ""}</dt>
        <dd>{money(invoice.tax)}</dd>
        <dt>Total</dt>
        <dd>{money(invoice.total)}</dd>
        {invoice.credited.amount > 0 && (
          <>
            <dt>Credited</dt>
            <dd>−{money(invoice.credited)}</dd>
          </>
        )}
        {invoice.paid.amount !== 0 && (
          <>
            <dt>Paid</dt>
            <dd>−{money(invoice.paid)}</dd>
          </>
        )}
        <dt>Balance</dt>
        <dd>{money(invoice.balance)}</dd>
      </dl>
    </section>
  );
}
