/**
 * The job dialog's Items for the office (docs/money.md, "Screens"): what the job bills,
 * added from the price book or typed, with a quantity and a price, and its total; then
 * Create invoice (JobInvoicing.tsx). Loaded with its own chunk once the dialog shows, so
 * opening a job never waits for it. Once the job is on an open invoice its items are read
 * only (the server refuses changes with 409).
 */
import { DeleteOutlined } from "@ant-design/icons";
import {
  documentTotals,
  type JobDTO,
  type JobItemDTO,
  lineAmounts,
  moneyDecimal,
  type PriceBookItemDTO,
  parseMoneyDecimal,
} from "@sched/shared-types";
import { AutoComplete, Button, Form, Input, Skeleton } from "antd";
import { useState } from "react";
import { useMoneySettings, usePriceBook } from "../price-book/usePriceBook";
import { useInvoiceFailure } from "./invoiceForm";
import { useMoney } from "./invoiceWords";
import { type JobBilled, JobInvoicing } from "./JobInvoicing";
import { useAddJobItem, useJobInvoice, useJobItems, useRemoveJobItem } from "./useJobItems";
import "./invoices.css";

type AddValues = { name: string; quantity: string; price: string };

const QUANTITY = /^\d+(\.\d{1,3})?$/;
const quantityText = (quantity: number) => quantity.toLocaleString(undefined, { maximumFractionDigits: 3 });

type JobItemsSectionProps = {
  job: JobDTO;
  /** The open invoice's number, the job's amount and payment status from it (the dialog shows them read only). */
  onInvoiced?: (billed: JobBilled | null) => void;
};

export default function JobItemsSection({ job, onInvoiced }: JobItemsSectionProps) {
  const items = useJobItems(job.id);
  const settings = useMoneySettings(job.companyId);
  const { invoice } = useJobInvoice(job);
  const { money } = useMoney();
  const remove = useRemoveJobItem(job.id);
  const [removeFailed, setRemoveFailed] = useState<string | null>(null);
  const isLocked = invoice !== null;

  const currency = settings.data?.currency ?? "USD";
  const priced = (items.data ?? []).filter(
    (item): item is JobItemDTO & { unitPrice: NonNullable<JobItemDTO["unitPrice"]> } =>
      item.unitPrice !== null,
  );
  const total = documentTotals(
    currency,
    priced.map((item) =>
      lineAmounts({
        unitPrice: item.unitPrice,
        quantity: item.quantity,
        taxPercent: item.taxPercent,
        pricesIncludeTax: settings.data?.pricesIncludeTax ?? false,
      }),
    ),
  ).total;

  return (
    <section className="job-items" aria-labelledby={`job-items-${job.id}`} data-testid="job-items">
      <h3 className="job-items__title" id={`job-items-${job.id}`}>
        Items
      </h3>
      {items.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : items.isError ? (
        <p role="alert">The items could not be loaded.</p>
      ) : (
        <>
          {items.data.length === 0 ? (
            <p className="job-items__none">No items yet.</p>
          ) : (
            <ul className="job-items__list" aria-label="Job items">
              {items.data.map((item) => (
                <li key={item.id} className="job-items__row" data-testid="job-item">
                  <span>
                    {quantityText(item.quantity)} × {item.name}
                    {item.unitPrice ? ` · ${money(item.unitPrice)}` : ""}
                  </span>
                  {isLocked ? null : (
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined aria-hidden />}
                      aria-label={`Remove ${item.name}`}
                      loading={remove.isPending && remove.variables === item.id}
                      onClick={() =>
                        remove.mutateAsync(item.id).then(
                          () => setRemoveFailed(null),
                          () => setRemoveFailed(`${item.name} was not removed. Please try again.`),
                        )
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          {removeFailed ? <p role="alert">{removeFailed}</p> : null}
          {isLocked ? null : <AddItemForm job={job} currency={currency} />}
          <div className="job-items__total" data-testid="job-items-total">
            <span>Total{settings.data?.pricesIncludeTax ? " (tax included)" : " with tax"}</span>
            <span>{money(total)}</span>
          </div>
        </>
      )}
      <JobInvoicing
        job={job}
        invoice={invoice}
        hasItems={(items.data?.length ?? 0) > 0}
        onInvoiced={onInvoiced}
      />
    </section>
  );
}

/** One new item: a price book entry (its price unless another is typed) or a typed name and price. */
function AddItemForm({ job, currency }: { job: JobDTO; currency: string }) {
  const [form] = Form.useForm<AddValues>();
  const add = useAddJobItem(job.id);
  const { fail, notice, clear } = useInvoiceFailure(form);
  // Without the price book (not readable), typed items still work.
  const priceBook = usePriceBook(job.companyId).data;
  const [picked, setPicked] = useState<PriceBookItemDTO | null>(null);

  const onFinish = (values: AddValues) => {
    const fromBook = picked && picked.name === values.name.trim() ? picked : null;
    const typedPrice = parseMoneyDecimal(values.price ?? "", currency);
    const samePrice = fromBook !== null && typedPrice === fromBook.unitPrice.amount;
    const item = {
      priceBookItemId: fromBook?.id ?? null,
      name: fromBook ? null : values.name.trim(),
      quantity: Number(values.quantity),
      unitPrice: samePrice || typedPrice === undefined ? null : { amount: typedPrice, currency },
    };
    add.mutateAsync(item).then(
      () => {
        clear();
        setPicked(null);
        form.resetFields();
      },
      (error: unknown) => fail("Item not added", error),
    );
  };

  return (
    <Form<AddValues>
      form={form}
      name="job-item"
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      initialValues={{ name: "", quantity: "1", price: "" }}
      className="job-items__form"
    >
      {notice}
      <div className="job-items__add">
        <Form.Item
          label="Item"
          name="name"
          rules={[{ required: true, whitespace: true, message: "Name is required" }]}
        >
          <AutoComplete
            placeholder="From the price book or typed"
            options={(priceBook ?? []).map((entry) => ({ value: entry.name, label: entry.name }))}
            filterOption={(typed, option) =>
              String(option?.value ?? "")
                .toLowerCase()
                .includes(typed.toLowerCase())
            }
            // Enter picks a suggestion (arrows first), never adds a half-typed item.
            onKeyDown={(event) => {
              if (event.key === "Enter") event.preventDefault();
            }}
            onSelect={(name: string) => {
              const entry = priceBook?.find((candidate) => candidate.name === name) ?? null;
              setPicked(entry);
              if (entry) form.setFieldValue("price", moneyDecimal(entry.unitPrice));
            }}
          />
        </Form.Item>
        <Form.Item
          label="Quantity"
          name="quantity"
          rules={[
            {
              validator: async (_, value: string) => {
                if (!QUANTITY.test(value ?? "") || Number(value) <= 0)
                  throw new Error("Quantity must be above 0 with at most 3 decimals");
              },
            },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          label={`Price (${currency})`}
          name="price"
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                const isBook = picked !== null && picked.name === String(getFieldValue("name") ?? "").trim();
                if (!value?.trim() && isBook) return;
                const amount = parseMoneyDecimal(value ?? "", currency);
                if (amount === undefined || amount < 0)
                  throw new Error(`Price must be an amount in ${currency}`);
              },
            }),
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          Add item
        </Button>
      </div>
    </Form>
  );
}
