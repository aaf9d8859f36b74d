/**
 * Adding an item on site (docs/my-day.md, "Items and payment"), drawn from the bottom of a
 * phone: search the price book and tap an item, or type one (with its price, only for who
 * sees prices: a typed item needs one), then the quantity with a stepper. Offline it is
 * kept in the outbox and sent once back online.
 */
import { MinusOutlined, PlusOutlined } from "@ant-design/icons";
import {
  formatMoney,
  type JobDTO,
  type PriceBookEntryDTO,
  parseMoneyDecimal,
  QUANTITY_MAX,
} from "@sched/shared-types";
import { Button, Drawer, Input, InputNumber, Segmented } from "antd";
import { useDeferredValue, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { Field } from "./Field";
import {
  type ItemOutcome,
  useAddJobItem,
  useMoneySettings,
  usePriceBookEntries,
  useSeesPrices,
} from "./useJobMoney";

/** A phone shows this many matches; typing narrows them. */
const SHOWN_MAX = 50;
const locale = () => (typeof navigator === "undefined" ? "en-US" : navigator.language);

type Props = { job: JobDTO; onAdded: (outcome: ItemOutcome) => void; onClose: () => void };

export default function AddItemDrawer({ job, onAdded, onClose }: Props) {
  const seesPrices = useSeesPrices(job.companyId);
  const [mode, setMode] = useState<"book" | "typed">("book");
  const [quantity, setQuantity] = useState(1);
  const [picked, setPicked] = useState<PriceBookEntryDTO | null>(null);
  const [name, setName] = useState("");
  const [price, setPrice] = useState("");
  const currency = useMoneySettings(job.companyId).data?.currency;
  const add = useAddJobItem(job);
  const showFailure = useShowFailure();

  const typedPrice = currency ? parseMoneyDecimal(price, currency) : undefined;
  const isTyped = mode === "typed" && seesPrices;
  const canAdd =
    quantity > 0 && (isTyped ? name.trim() !== "" && typedPrice !== undefined && typedPrice >= 0 : !!picked);

  const submit = () => {
    if (!canAdd) return;
    const item =
      isTyped && currency && typedPrice !== undefined
        ? { name: name.trim(), quantity, unitPrice: { amount: typedPrice, currency } }
        : { priceBookItemId: picked?.id, quantity };
    const label = isTyped ? name.trim() : (picked?.name ?? "");
    add.mutate(
      { item, label, unit: isTyped ? null : picked?.unit },
      {
        onSuccess: (outcome) => {
          onAdded(outcome);
          onClose();
        },
        onError: (error) => showFailure("Not added", error),
      },
    );
  };

  return (
    <Drawer
      open
      title="Add item"
      placement="bottom"
      size="85%"
      onClose={onClose}
      data-testid="add-item"
      footer={
        <div className="add-item__footer">
          <QuantityStepper value={quantity} onChange={setQuantity} />
          <Button type="primary" size="large" disabled={!canAdd} loading={add.isPending} onClick={submit}>
            Add
          </Button>
        </div>
      }
    >
      {seesPrices ? (
        <Segmented
          block
          value={mode}
          onChange={setMode}
          options={[
            { value: "book", label: "Price book" },
            { value: "typed", label: "Typed" },
          ]}
        />
      ) : null}
      {isTyped ? (
        <div className="add-item__typed">
          <Field label="Name">
            {(id) => (
              <Input
                id={id}
                size="large"
                value={name}
                maxLength={200}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <Field label={`Unit price${currency ? ` (${currency})` : ""}`}>
            {(id) => (
              <Input
                id={id}
                size="large"
                inputMode="decimal"
                value={price}
                status={price !== "" && typedPrice === undefined ? "error" : undefined}
                onChange={(event) => setPrice(event.target.value)}
              />
            )}
          </Field>
        </div>
      ) : (
        <PriceBookPicker companyId={job.companyId} picked={picked} onPick={setPicked} />
      )}
    </Drawer>
  );
}

type PickerProps = {
  companyId: string;
  picked: PriceBookEntryDTO | null;
  onPick: (entry: PriceBookEntryDTO) => void;
};

function PriceBookPicker({ companyId, picked, onPick }: PickerProps) {
  const book = usePriceBookEntries(companyId);
  const [search, setSearch] = useState("");
  const needle = useDeferredValue(search.trim().toLowerCase());
  const matches = (book.data ?? []).filter((entry) => entry.name.toLowerCase().includes(needle));
  return (
    <div className="add-item__book">
      <Input.Search
        size="large"
        allowClear
        placeholder="Search the price book"
        aria-label="Search the price book"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {book.isError ? <p className="job-money__note">The price book shows once back online.</p> : null}
      {book.isSuccess && matches.length === 0 ? <p className="job-money__note">Nothing matches</p> : null}
      <ul className="add-item__list" aria-label="Price book">
        {matches.slice(0, SHOWN_MAX).map((entry) => (
          <li key={entry.id}>
            <button
              type="button"
              className="add-item__entry"
              aria-pressed={picked?.id === entry.id}
              onClick={() => onPick(entry)}
            >
              <span className="add-item__name">{entry.name}</span>
              <span className="add-item__detail">
                {entry.unitPrice ? formatMoney(entry.unitPrice, locale()) : null}
                {entry.unit ? `${entry.unitPrice ? " / " : ""}${entry.unit}` : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Big − and + for a thumb; any quantity with up to 3 decimals may be typed between them. */
function QuantityStepper({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <div className="add-item__stepper">
      <Button
        size="large"
        icon={<MinusOutlined aria-hidden />}
        aria-label="One less"
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      />
      <InputNumber
        size="large"
        aria-label="Quantity"
        inputMode="decimal"
        controls={false}
        min={0.001}
        max={QUANTITY_MAX - 1}
        value={value}
        onChange={(next) => onChange(typeof next === "number" ? next : 0)}
      />
      <Button
        size="large"
        icon={<PlusOutlined aria-hidden />}
        aria-label="One more"
        onClick={() => onChange(value + 1)}
      />
    </div>
  );
}
