import { PlusOutlined } from "@ant-design/icons";
import {
  type FieldError,
  JOB_TYPES,
  type MoneySettingsDTO,
  type PriceBookItemDTO,
  QUOTE_EXPIRES_IN_PAST,
  QUOTE_MAX_OPTIONS,
  QUOTE_NOTES_MAX,
  type QuoteDTO,
} from "@sched/shared-types";
import { Alert, Button, DatePicker, Form, Input, Select } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useNavigate } from "react-router";
import { showFieldErrors, useShowFailure } from "../../components/FailureNotice";
import { staleAnswerOf } from "../../lib/staleChange";
import { ButtonLink } from "../../ui/ButtonLink";
import { useFeedback } from "../../ui/feedback";
import { QuoteCustomerField } from "./QuoteCustomerField";
import { QuoteDepositField } from "./QuoteDepositField";
import { QuoteOptionFields } from "./QuoteOptionFields";
import {
  emptyLine,
  newQuoteValues,
  OPTION_NAMES,
  type QuoteFormValues,
  quoteInput,
  valuesFromQuote,
} from "./quoteForm";
import { useSaveQuote } from "./useQuotes";

type QuoteEditorProps = {
  companyId: string;
  settings: MoneySettingsDTO;
  priceBook: PriceBookItemDTO[];
  /** The quote as opened; none for a new one. Later refetches do not reach the form. */
  quote: QuoteDTO | undefined;
  /** A new quote's customer (from their page). */
  customerId?: string;
  /** Start again from the quote as it is now, after someone else saved first. */
  onReload: (current: QuoteDTO) => void;
};

/**
 * The API names an amount's field ("options.0.lines.1.unitPrice.amount"): the form has one
 * field for the whole amount, where the message belongs.
 */
const atFormFields = (errors: FieldError[]) =>
  errors.map((error) => ({ ...error, path: error.path.replace(/\.(amount|currency)$/, "") }));

/** The quote form: customer, expiry, options with their lines, notes; Save sends the whole quote. */
export function QuoteEditor({
  companyId,
  settings,
  priceBook,
  quote,
  customerId,
  onReload,
}: QuoteEditorProps) {
  const [form] = Form.useForm<QuoteFormValues>();
  const navigate = useNavigate();
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const save = useSaveQuote(companyId);
  const [opened] = useState(quote);
  const [stale, setStale] = useState<{ message: string; current: QuoteDTO } | null>(null);

  const onFinish = () => {
    // Every value, the lines' unshown ones (a price book item's id) included.
    const values = form.getFieldsValue(true) as QuoteFormValues;
    const input = quoteInput(values, settings.currency);
    const saving = opened ? { id: opened.id, values: input, version: opened.version } : { values: input };
    save.mutateAsync(saving).then(
      (saved) => {
        notification.success({ title: opened ? "Quote saved" : "Quote made" });
        void navigate(`/quotes/${saved.id}`);
      },
      (error: unknown) => {
        const answer = staleAnswerOf<QuoteDTO>(error);
        if (answer) {
          setStale(answer);
          return;
        }
        const failure = showFailure("Not saved", error);
        showFieldErrors(form, atFormFields(failure.fieldErrors));
      },
    );
  };

  return (
    <Form<QuoteFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={opened ? valuesFromQuote(opened) : newQuoteValues(customerId)}
      onFinish={onFinish}
      onFinishFailed={({ errorFields }) => form.scrollToField(errorFields[0]?.name, { block: "center" })}
      className="quote-editor"
      data-testid="quote-editor"
    >
      {stale ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className="quote-editor__stale"
          title={stale.message}
          description="Reload to see their change; what you typed here is then lost."
          action={<Button onClick={() => onReload(stale.current)}>Reload</Button>}
          data-testid="quote-stale"
        />
      ) : null}
      <div className="quote-editor__top">
        <QuoteCustomerField companyId={companyId} />
        <Form.Item
          name="expiresOn"
          label="Expires on"
          rules={[
            {
              validator: async (_rule, value: Dayjs | null | undefined) => {
                if (!value) throw new Error("Expires on is required");
                if (value.isBefore(dayjs(), "day")) throw new Error(QUOTE_EXPIRES_IN_PAST);
              },
            },
          ]}
        >
          <DatePicker
            format="MMM D, YYYY"
            allowClear={false}
            disabledDate={(day) => day.isBefore(dayjs(), "day")}
            style={{ width: "100%" }}
          />
        </Form.Item>
        <Form.Item name="jobType" label="Job type" extra="The kind of job an approved option becomes.">
          <Select options={JOB_TYPES.map((type) => ({ value: type, label: type }))} />
        </Form.Item>
      </div>

      <Form.List name="options">
        {(options, { add, remove, move }) => (
          <div className="quote-editor__options">
            {options.map((option, index) => (
              <QuoteOptionFields
                key={option.key}
                name={option.name}
                index={index}
                count={options.length}
                settings={settings}
                priceBook={priceBook}
                onMove={(to) => move(index, to)}
                onRemove={() => remove(option.name)}
              />
            ))}
            <div>
              <Button
                icon={<PlusOutlined aria-hidden />}
                disabled={options.length >= QUOTE_MAX_OPTIONS}
                onClick={() =>
                  add({
                    name: OPTION_NAMES[options.length] ?? `Option ${options.length + 1}`,
                    lines: [emptyLine()],
                  })
                }
              >
                Add option
              </Button>
            </div>
          </div>
        )}
      </Form.List>

      <QuoteDepositField currency={settings.currency} pricesIncludeTax={settings.pricesIncludeTax} />

      <Form.Item name="notes" label="Notes for the customer">
        <Input.TextArea rows={3} maxLength={QUOTE_NOTES_MAX} showCount />
      </Form.Item>

      <div className="quote-editor__actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
        <ButtonLink to={opened ? `/quotes/${opened.id}` : "/quotes"}>Cancel</ButtonLink>
      </div>
    </Form>
  );
}
