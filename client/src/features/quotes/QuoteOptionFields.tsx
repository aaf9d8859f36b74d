import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import {
  type MoneySettingsDTO,
  type PriceBookItemDTO,
  QUOTE_LINES_REQUIRED,
  QUOTE_MAX_LINES,
  QUOTE_OPTIONAL_ONLY,
  ZQuoteOptionInput,
} from "@sched/shared-types";
import { Button, Card, Form, Input } from "antd";
import { zodRule } from "../../lib/forms";
import { PriceBookPicker } from "./PriceBookPicker";
import { QuoteLineFields } from "./QuoteLineFields";
import {
  emptyLine,
  isBlankLine,
  type LineValues,
  lineFromItem,
  type OptionValues,
  previewOption,
} from "./quoteForm";
import { money } from "./quoteWords";

type QuoteOptionFieldsProps = {
  /** The option's name inside the options' Form.List, and its place among them. */
  name: number;
  index: number;
  count: number;
  settings: MoneySettingsDTO;
  priceBook: PriceBookItemDTO[];
  onMove: (to: number) => void;
  onRemove: () => void;
};

/**
 * One option of the quote (good, better or best): its name, its lines from the price book
 * or typed, and its subtotal, tax and total worked out as the office types.
 */
export function QuoteOptionFields(props: QuoteOptionFieldsProps) {
  const { name, index, count, settings, priceBook, onMove, onRemove } = props;
  const form = Form.useFormInstance();
  const option: OptionValues | undefined = Form.useWatch(["options", name], { form, preserve: true });
  const optionName = option?.name?.trim() || `Option ${index + 1}`;
  const totals = previewOption(option, settings.currency, settings.pricesIncludeTax);
  return (
    <Card size="small" className="quote-option-card" data-testid="quote-option-editor">
      <div className="quote-option-card__head">
        <Form.Item
          className="quote-option-card__name"
          name={[name, "name"]}
          label={`Option ${index + 1} name`}
          rules={[zodRule(ZQuoteOptionInput.shape.name)]}
        >
          <Input maxLength={80} />
        </Form.Item>
        <Button
          icon={<ArrowUpOutlined aria-hidden />}
          aria-label={`Move ${optionName} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        />
        <Button
          icon={<ArrowDownOutlined aria-hidden />}
          aria-label={`Move ${optionName} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        />
        <Button
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={`Remove option ${optionName}`}
          disabled={count === 1}
          onClick={onRemove}
        >
          Remove option
        </Button>
      </div>
      <Form.List
        name={[name, "lines"]}
        rules={[
          {
            validator: async (_rule, lines: LineValues[] | undefined) => {
              if (!lines?.length) throw new Error(QUOTE_LINES_REQUIRED);
              if (lines.every((line) => line.optional)) throw new Error(QUOTE_OPTIONAL_ONLY);
            },
          },
        ]}
      >
        {(lines, { add, remove }, { errors }) => (
          <>
            {lines.map((line, at) => (
              <QuoteLineFields
                key={line.key}
                path={["options", name, "lines", line.name]}
                name={line.name}
                number={at + 1}
                optionName={optionName}
                currency={settings.currency}
                pricesIncludeTax={settings.pricesIncludeTax}
                onRemove={() => remove(line.name)}
              />
            ))}
            <Form.ErrorList errors={errors} />
            <div className="quote-option-card__add">
              <PriceBookPicker
                items={priceBook}
                optionName={optionName}
                onPick={(item) => {
                  // A new option's untouched first line takes the item instead of staying empty.
                  const last = lines.length - 1;
                  const path = ["options", name, "lines", last];
                  if (last >= 0 && isBlankLine(form.getFieldValue(path))) {
                    form.setFieldValue(path, lineFromItem(item, settings));
                  } else add(lineFromItem(item, settings));
                }}
              />
              <Button
                icon={<PlusOutlined aria-hidden />}
                disabled={lines.length >= QUOTE_MAX_LINES}
                onClick={() => add(emptyLine())}
              >
                Add a typed line
              </Button>
            </div>
          </>
        )}
      </Form.List>
      <dl className="quote-totals" data-testid="quote-option-totals" aria-label={`${optionName}: totals`}>
        <dt>Subtotal</dt>
        <dd>{money(totals.subtotal)}</dd>
        <dt>Tax</dt>
        <dd>{money(totals.tax)}</dd>
        <dt className="quote-totals__total">Total</dt>
        <dd className="quote-totals__total">{money(totals.total)}</dd>
      </dl>
    </Card>
  );
}
