import { CheckCircleOutlined } from "@ant-design/icons";
import type { QuoteLineDTO, QuoteOptionDTO } from "@sched/shared-types";
import { Card, Tag } from "antd";
import { money } from "./quoteWords";

/** "2 × $120.00, 10% off, tax 8.875%": what a line is made of, in one short line. */
function lineDetail(line: QuoteLineDTO): string {
  const parts = [`${line.quantity} × ${money(line.unitPrice)}`];
  if (line.discount.amount > 0) {
    parts.push(
      line.discountPercent !== null ? `${line.discountPercent}% off` : `${money(line.discount)} off`,
    );
  }
  if (line.taxPercent !== null) parts.push(`tax ${line.taxPercent}%`);
  return parts.join(", ");
}

type QuoteOptionSummaryProps = { option: QuoteOptionDTO; isApproved: boolean };

/** One option as the server stored it: its lines and the totals the customer is shown. */
export function QuoteOptionSummary({ option, isApproved }: QuoteOptionSummaryProps) {
  const lines = [...option.lines].sort((a, b) => a.position - b.position);
  return (
    <Card
      size="small"
      data-testid="quote-option"
      title={<h2 className="quote-option__title">{option.name}</h2>}
      extra={
        isApproved ? (
          <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
            Approved
          </Tag>
        ) : null
      }
    >
      <ul className="quote-lines" aria-label={`${option.name}: lines`}>
        {lines.map((line) => (
          <li key={line.id}>
            <span className="quote-lines__what">
              {line.name}
              {line.optional ? (
                <Tag className="quote-lines__optional">{line.chosen ? "Optional, chosen" : "Optional"}</Tag>
              ) : null}
              <span className="quote-lines__detail">{lineDetail(line)}</span>
            </span>
            <span>{money(line.net)}</span>
          </li>
        ))}
      </ul>
      <dl className="quote-totals" data-testid="quote-option-totals">
        <dt>Subtotal</dt>
        <dd>{money(option.subtotal)}</dd>
        <dt>Tax</dt>
        <dd>{money(option.tax)}</dd>
        <dt className="quote-totals__total">Total</dt>
        <dd className="quote-totals__total">{money(option.total)}</dd>
      </dl>
    </Card>
  );
}
