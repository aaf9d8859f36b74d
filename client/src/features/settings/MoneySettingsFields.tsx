/**
 * The fields of the two money settings cards (MoneySettingsCard.tsx, docs/money.md): each
 * list row's text is checked in the schema's own words as it is typed.
 */
import { MinusCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { CURRENCY_CODES, TAX_RATES_MAX, ZPercent, ZTaxNumber, ZTaxRateInput } from "@sched/shared-types";
import { Button, Form, type FormRule, Input, InputNumber, Select, Switch } from "antd";

const TAX_NUMBERS_MAX = 5;
const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: code }));
const REMINDER_CHOICES = ["3", "7", "14", "30"].map((day) => ({ value: day, label: day }));

type Checks = typeof ZPercent | typeof ZTaxRateInput.shape.name | typeof ZTaxNumber.shape.label;
/** A field's check in the schema's own words, so a mistake is named as it is typed. */
const checkedBy = (schema: Checks): FormRule[] => [
  {
    validator: async (_rule, value: unknown) => {
      const parsed = schema.safeParse(value ?? undefined);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  },
];
const RATE_NAME_RULES = checkedBy(ZTaxRateInput.shape.name);
const PERCENT_RULES = checkedBy(ZPercent);
const NUMBER_LABEL_RULES = checkedBy(ZTaxNumber.shape.label);
const NUMBER_VALUE_RULES = checkedBy(ZTaxNumber.shape.value);

export function PricingFields() {
  return (
    <>
      <Form.Item label="Currency" name="currency" extra="It can change only while nothing is priced yet.">
        <Select showSearch options={CURRENCY_OPTIONS} optionFilterProp="label" aria-label="Currency" />
      </Form.Item>
      <Form.Item
        label="Prices include tax"
        name="pricesIncludeTax"
        valuePropName="checked"
        extra="On: the prices you enter already hold the tax. Off: tax is added on top."
      >
        <Switch aria-label="Prices include tax" />
      </Form.Item>
      <Form.Item
        label="Technicians see prices"
        name="techniciansSeePrices"
        valuePropName="checked"
        extra="Off: technicians still add price book items on a job, without their prices."
      >
        <Switch aria-label="Technicians see prices" />
      </Form.Item>
      <fieldset className="settings__group" aria-label="Tax rates">
        <legend className="settings__legend">Tax rates</legend>
        <p className="settings__hint">
          A removed rate stays on what already uses it, at its percent; it is no longer offered.
        </p>
        <Form.List name="taxRates">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, index) => (
                <div key={row.key} className="money-settings__row">
                  <Form.Item name={[row.name, "id"]} hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name={[row.name, "name"]} rules={RATE_NAME_RULES}>
                    <Input
                      placeholder="Name, e.g. GST"
                      aria-label={`Name of tax rate ${index + 1}`}
                      maxLength={60}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, "percent"]} rules={PERCENT_RULES}>
                    <InputNumber
                      suffix="%"
                      placeholder="5"
                      aria-label={`Percent of tax rate ${index + 1}`}
                      className="money-settings__number"
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={`Remove tax rate ${index + 1}`}
                    onClick={() => remove(row.name)}
                  />
                </div>
              ))}
              <Button
                className="money-settings__add"
                icon={<PlusOutlined />}
                onClick={() => add({ name: "", percent: null })}
                disabled={rows.length >= TAX_RATES_MAX}
              >
                Add tax rate
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
    </>
  );
}

export function DocumentFields() {
  return (
    <>
      <Form.Item
        label="Address on documents"
        name="documentAddress"
        extra="Printed under your name on invoices and quotes."
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
      </Form.Item>
      <fieldset className="settings__group" aria-label="Tax numbers">
        <legend className="settings__legend">Tax numbers</legend>
        <p className="settings__hint">Up to five, such as "VAT no." or "ABN", printed on every invoice.</p>
        <Form.List name="taxNumbers">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, index) => (
                <div key={row.key} className="money-settings__row">
                  <Form.Item name={[row.name, "label"]} rules={NUMBER_LABEL_RULES}>
                    <Input
                      placeholder="Label, e.g. VAT no."
                      aria-label={`Label of tax number ${index + 1}`}
                      maxLength={40}
                    />
                  </Form.Item>
                  <Form.Item name={[row.name, "value"]} rules={NUMBER_VALUE_RULES}>
                    <Input placeholder="Number" aria-label={`Tax number ${index + 1}`} maxLength={60} />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={`Remove tax number ${index + 1}`}
                    onClick={() => remove(row.name)}
                  />
                </div>
              ))}
              <Button
                className="money-settings__add"
                icon={<PlusOutlined />}
                onClick={() => add({ label: "", value: "" })}
                disabled={rows.length >= TAX_NUMBERS_MAX}
              >
                Add tax number
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
      <div className="settings__pair">
        <Form.Item
          label="Payment terms"
          name="paymentTermsDays"
          extra="Days from an invoice's date to its due date."
        >
          <InputNumber
            suffix="days"
            min={0}
            max={365}
            precision={0}
            aria-label="Payment terms"
            className="money-settings__number"
          />
        </Form.Item>
        <Form.Item
          label="Overdue reminders"
          name="reminderDays"
          extra="Days past due when an unpaid invoice is e-mailed again. Type a number and press Enter."
        >
          <Select
            mode="tags"
            options={REMINDER_CHOICES}
            placeholder="No reminders"
            aria-label="Overdue reminders"
          />
        </Form.Item>
      </div>
    </>
  );
}
