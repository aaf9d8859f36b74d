/**
 * What the invoice dialogs share (docs/money.md, "Screens"): an amount typed as a decimal
 * and read exactly into minor units, and a failure shown where it belongs: a 400's
 * messages at their fields, a 409 `stale` at the top of the dialog while the invoice reads
 * again, anything else as the usual toast.
 */
import { type Money, parseMoneyDecimal } from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, type FormInstance, type FormRule } from "antd";
import { type ReactNode, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { ApiError, isApiError } from "../../lib/api";
import { rootKey } from "../../lib/queryKeys";

/** The API's field paths and the dialogs' field names. */
const FIELD_NAMES = {
  amount: "amount",
  "amount.amount": "amount",
  "amount.currency": "amount",
  // A job item's (JobItemsSection.tsx).
  unitPrice: "price",
  "unitPrice.amount": "price",
  "unitPrice.currency": "price",
  priceBookItemId: "name",
};

/** minor units of `text` in `currency`, or undefined when it is no amount above 0. */
export function typedAmount(text: string | undefined, currency: string): Money | undefined {
  const amount = parseMoneyDecimal(text ?? "", currency);
  return amount !== undefined && amount > 0 ? { amount, currency } : undefined;
}

export const amountRule = (currency: string): FormRule => ({
  validator: async (_, value: string | undefined) => {
    if (!typedAmount(value, currency))
      throw new Error(`Amount must be an amount in ${currency} above 0, e.g. 19.99`);
  },
});

/**
 * `fail(sentence, error)` for a dialog's form; `notice` is drawn at the dialog's top. A 400
 * with field errors shows them at the fields only (the toast would repeat them).
 */
export function useInvoiceFailure(form: FormInstance): {
  fail: (sentence: string, error: unknown) => void;
  notice: ReactNode;
  clear: () => void;
} {
  const queryClient = useQueryClient();
  const showFailure = useShowFailure();
  const [stale, setStale] = useState<string | null>(null);
  const fail = (sentence: string, error: unknown) => {
    if (isApiError(error, "stale")) {
      setStale(
        `${error.body?.message ?? "Someone changed this invoice."} It now shows their change: check and try again.`,
      );
      void queryClient.invalidateQueries({ queryKey: rootKey("invoices") });
      return;
    }
    setStale(null);
    if (error instanceof ApiError && error.status === 400 && error.errors.length > 0) {
      const known = new Set(form.getFieldsError().map((field) => field.name.join(".")));
      const atFields = error.errors.filter((field) =>
        known.has(FIELD_NAMES[field.path as keyof typeof FIELD_NAMES] ?? field.path),
      );
      if (atFields.length === error.errors.length) {
        form.setFields(
          atFields.map((field) => ({
            name: (FIELD_NAMES[field.path as keyof typeof FIELD_NAMES] ?? field.path).split("."),
            errors: [field.message],
          })),
        );
        return;
      }
    }
    showFailure(sentence, error, { form, fieldNames: FIELD_NAMES });
  };
  const notice = stale ? (
    <Alert
      type="warning"
      showIcon
      className="invoice-dialog__stale"
      data-testid="invoice-stale"
      title={stale}
    />
  ) : null;
  return { fail, notice, clear: () => setStale(null) };
}
