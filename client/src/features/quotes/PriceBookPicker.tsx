import type { PriceBookItemDTO } from "@sched/shared-types";
import { Select } from "antd";
import { useState } from "react";
import { money } from "./quoteWords";

type PriceBookPickerProps = {
  items: PriceBookItemDTO[];
  /** Which option the line goes to: it names the field for screen readers. */
  optionName: string;
  onPick: (item: PriceBookItemDTO) => void;
};

/**
 * "Add from the price book": type to search the company's services and materials by name,
 * pick one, and it becomes a line (the field empties for the next). The whole list is
 * already loaded (a price book is a few hundred items), so the search is local.
 */
export function PriceBookPicker({ items, optionName, onPick }: PriceBookPickerProps) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      className="quote-option-card__search"
      aria-label={`Add to ${optionName} from the price book`}
      placeholder="Add from the price book…"
      value={value}
      showSearch={{ optionFilterProp: "name" }}
      notFoundContent="No matching item in the price book"
      options={items.map((item) => ({
        value: item.id,
        name: item.name,
        label: `${item.name} · ${money(item.unitPrice)}${item.unit ? ` / ${item.unit}` : ""}`,
      }))}
      onChange={(id: string) => {
        const item = items.find((entry) => entry.id === id);
        if (item) onPick(item);
        setValue(null);
      }}
      data-testid="quote-price-book-picker"
    />
  );
}
