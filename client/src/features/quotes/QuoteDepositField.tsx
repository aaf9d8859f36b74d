import {
  parseMoneyDecimal,
  QUOTE_DEPOSIT_AMOUNT_INVALID,
  QUOTE_DEPOSIT_PERCENT_INVALID,
  ZQuoteDepositAsk,
} from "@sched/shared-types";
import { Form, Input, InputNumber, Radio } from "antd";
import { type DepositValues, type OptionValues, previewDeposit, previewOption } from "./quoteForm";
import { money } from "./quoteWords";

type QuoteDepositFieldProps = { currency: string; pricesIncludeTax: boolean };

const percentRule = {
  validator: async (_rule: unknown, value: number | null | undefined) => {
    const ask = { kind: "percent" as const, percent: value ?? 0 };
    if (!ZQuoteDepositAsk.safeParse(ask).success) throw new Error(QUOTE_DEPOSIT_PERCENT_INVALID);
  },
};

/**
 * The deposit a quote asks on approval (docs/quotes.md, "Deposit"): none, a percent of the
 * approved option's total, or a fixed amount typed as a decimal; each option's deposit
 * follows the typing, with the arithmetic the server uses.
 */
export function QuoteDepositField({ currency, pricesIncludeTax }: QuoteDepositFieldProps) {
  const form = Form.useFormInstance();
  const deposit: DepositValues | undefined = Form.useWatch("deposit", { form, preserve: true });
  const options: OptionValues[] | undefined = Form.useWatch("options", { form, preserve: true });
  const kind = deposit?.kind ?? "none";
  const previews = (options ?? []).map((option, index) => ({
    name: option?.name || `Option ${index + 1}`,
    deposit: previewDeposit(deposit, previewOption(option, currency, pricesIncludeTax).total),
  }));
  return (
    <fieldset className="quote-deposit" data-testid="quote-deposit">
      <legend>Deposit on approval</legend>
      <Form.Item name={["deposit", "kind"]} label="Ask for a deposit">
        <Radio.Group
          options={[
            { value: "none", label: "None" },
            { value: "percent", label: "Percent of the total" },
            { value: "amount", label: "Fixed amount" },
          ]}
        />
      </Form.Item>
      {kind === "percent" ? (
        <Form.Item name={["deposit", "percent"]} label="Deposit (%)" rules={[percentRule]}>
          <InputNumber min={0} max={100} inputMode="decimal" />
        </Form.Item>
      ) : null}
      {kind === "amount" ? (
        <Form.Item
          name={["deposit", "amount"]}
          label={`Deposit (${currency})`}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const amount = parseMoneyDecimal(value?.trim() ?? "", currency);
                if (amount === undefined || amount <= 0) throw new Error(QUOTE_DEPOSIT_AMOUNT_INVALID);
              },
            },
          ]}
        >
          <Input inputMode="decimal" placeholder="0.00" />
        </Form.Item>
      ) : null}
      {kind !== "none" ? (
        <p className="quote-deposit__preview" data-testid="quote-deposit-preview">
          {previews
            .map((preview) => `${preview.name}: ${preview.deposit ? money(preview.deposit) : "–"}`)
            .join(" · ")}
        </p>
      ) : null}
    </fieldset>
  );
}
