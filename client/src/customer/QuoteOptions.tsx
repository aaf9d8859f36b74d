/**
 * A quote's options side by side (stacked on a phone): each with its lines, its optional
 * items as checkboxes, its totals, and a radio to choose it. One fieldset holds the radios,
 * so the arrow keys move between options and a screen reader says "1 of 3".
 */
import { type Money, type PublicQuote, type QuoteLine, type QuoteOption, totalsWith } from "./quote-api";

type Props = {
  quote: PublicQuote;
  /** The options shown: all while the customer may answer, the approved one after. */
  options: QuoteOption[];
  money: (value: Money) => string;
  /** Absent once decided: the options are shown, not chosen. */
  choice?: {
    chosen: string | null;
    ticked: ReadonlySet<string>;
    onChoose: (optionId: string) => void;
    onTick: (lineId: string, on: boolean) => void;
  };
};

function LineText({
  line,
  money,
  pricesIncludeTax,
}: {
  line: QuoteLine;
  money: Props["money"];
  pricesIncludeTax: boolean;
}) {
  return (
    <>
      <span className="line-name">{line.name}</span>
      <span className="line-amount">{money(pricesIncludeTax ? line.gross : line.net)}</span>
      <span className="line-detail">
        {line.quantity} × {money(line.unitPrice)}
        {line.discount.amount > 0 && ` · less ${money(line.discount)}`}
        {line.taxPercent !== null && ` · tax ${line.taxPercent} %`}
      </span>
    </>
  );
}

export function QuoteOptions({ quote, options, money, choice }: Props) {
  const { pricesIncludeTax } = quote;
  const grid = (
    <div className="quote-options">
      {options.map((option) => {
        const headingId = `option-${option.id}`;
        const totals = choice ? totalsWith(option, choice.ticked) : option;
        const isChosen = choice?.chosen === option.id;
        const required = option.lines.filter((line) => !line.optional);
        const optional = option.lines.filter((line) => line.optional && (choice || line.chosen));
        return (
          <section
            key={option.id}
            className={`quote-option${isChosen ? " quote-option--chosen" : ""}`}
            aria-labelledby={headingId}
          >
            <h3 id={headingId}>{option.name}</h3>
            <ul className="lines">
              {required.map((line) => (
                <li key={line.id}>
                  <LineText line={line} money={money} pricesIncludeTax={pricesIncludeTax} />
                </li>
              ))}
            </ul>
            {optional.length > 0 && (
              <>
                <p className="optional-heading" id={`${headingId}-optional`}>
                  {choice ? "Optional: tick to add" : "Optional items added"}
                </p>
                <ul className="lines optional-lines" aria-labelledby={`${headingId}-optional`}>
                  {optional.map((line) =>
                    choice ? (
                      <li key={line.id}>
                        <label className="optional-line">
                          <input
                            type="checkbox"
                            checked={choice.ticked.has(line.id)}
                            onChange={(event) => {
                              choice.onTick(line.id, event.target.checked);
                              choice.onChoose(option.id);
                            }}
                          />
                          <span className="optional-line__text">
                            <LineText line={line} money={money} pricesIncludeTax={pricesIncludeTax} />
                          </span>
                        </label>
                      </li>
                    ) : (
                      <li key={line.id}>
                        <LineText line={line} money={money} pricesIncludeTax={pricesIncludeTax} />
                      </li>
                    ),
                  )}
                </ul>
              </>
            )}
            <dl className="totals">
              <dt>Subtotal</dt>
              <dd>{money(totals.subtotal)}</dd>
              <dt>Tax{pricesIncludeTax ? " (included)" : ""}</dt>
              <dd>{money(totals.tax)}</dd>
              <dt>Total</dt>
              <dd>{money(totals.total)}</dd>
            </dl>
            {choice && (
              <label className="choice">
                <input
                  type="radio"
                  name="option"
                  value={option.id}
                  checked={isChosen}
                  onChange={() => choice.onChoose(option.id)}
                />
                <span className="choice__name">
                  Choose {option.name} ({money(totals.total)})
                </span>
              </label>
            )}
          </section>
        );
      })}
    </div>
  );
  if (!choice) return grid;
  return (
    <fieldset>
      <legend>{options.length > 1 ? "Choose an option" : "Your quote"}</legend>
      {grid}
    </fieldset>
  );
}
