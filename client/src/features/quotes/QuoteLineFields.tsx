import { DeleteOutlined } from "@ant-design/icons";
import { PERCENT_INVALID, parseMoneyDecimal, ZPercent, ZQuantity } from "@sched/shared-types";
import { Button, Checkbox, Form, Input, InputNumber, Tag } from "antd";
import { zodRule } from "../../lib/forms";
import { type LineValues, previewLine } from "./quoteForm";
import { money } from "./quoteWords";

export const QUOTE_LINE_NAME_TYPED = "Name is required";
export const unitPriceInvalid = (currency: string) =>
  `Unit price must be an amount in ${currency}, e.g. 19.99`;

type QuoteLineFieldsProps = {
  /** The line's place in the form: ["options", option, "lines", line]. */
  path: (string | number)[];
  /** The line's name inside its Form.List. */
  name: number;
  number: number;
  optionName: string;
  currency: string;
  pricesIncludeTax: boolean;
  onRemove: () => void;
};

/**
 * One line of an option: name, quantity, unit price, discount percent, optional, and its
 * amount as typed (price × quantity less the discount, before tax).
 */
export function QuoteLineFields(props: QuoteLineFieldsProps) {
  const { path, name, number, optionName, currency, pricesIncludeTax, onRemove } = props;
  const form = Form.useFormInstance();
  const line: LineValues | undefined = Form.useWatch(path, { form, preserve: true });
  const amounts = previewLine(line, currency, pricesIncludeTax);
  const fromPriceBook = Boolean(line?.priceBookItemId);
  const label = `${optionName}, line ${number}`;
  return (
    <fieldset className="quote-line" data-testid="quote-line" aria-label={label}>
      <Form.Item
        className="quote-line__name"
        name={[name, "name"]}
        label="Item"
        rules={[{ required: !fromPriceBook, whitespace: true, message: QUOTE_LINE_NAME_TYPED }]}
        extra={fromPriceBook ? <Tag>From the price book</Tag> : undefined}
      >
        <Input maxLength={200} aria-label={`${label}: item`} />
      </Form.Item>
      <Form.Item name={[name, "quantity"]} label="Qty" rules={[zodRule(ZQuantity)]}>
        <InputNumber min={0} inputMode="decimal" aria-label={`${label}: quantity`} />
      </Form.Item>
      <Form.Item
        name={[name, "unitPrice"]}
        label={`Unit price (${currency})`}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const text = value?.trim() ?? "";
              const amount = parseMoneyDecimal(text, currency);
              if (amount === undefined || amount < 0) throw new Error(unitPriceInvalid(currency));
            },
          },
        ]}
      >
        <Input inputMode="decimal" aria-label={`${label}: unit price`} />
      </Form.Item>
      <Form.Item
        name={[name, "discountPercent"]}
        label="Discount %"
        rules={[
          {
            validator: async (_rule, value: number | null | undefined) => {
              if (value != null && !ZPercent.safeParse(value).success) throw new Error(PERCENT_INVALID);
            },
          },
        ]}
      >
        <InputNumber min={0} max={100} inputMode="decimal" aria-label={`${label}: discount percent`} />
      </Form.Item>
      <div className="quote-line__end">
        <Form.Item name={[name, "optional"]} valuePropName="checked" noStyle>
          <Checkbox>Optional</Checkbox>
        </Form.Item>
        <span data-testid="quote-line-amount">{amounts ? money(amounts.net) : "–"}</span>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined aria-hidden />}
          aria-label={`Remove ${label}`}
          onClick={onRemove}
        />
      </div>
    </fieldset>
  );
}
