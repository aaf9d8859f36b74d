/**
 * Existing customers suggested as the caller's name or phone is typed (docs/call-log.md):
 * picking one fills the form and links the call to them, so "Book Job" books for that
 * customer instead of making a second one. Shown under the name and phone fields.
 */
import type { CustomerDTO } from "@sched/shared-types";
import { Button, Form, type FormInstance } from "antd";
import { useDeferredValue } from "react";
import { useCustomerSearch } from "../customers/useCustomers";
import type { CallFormValues } from "./callRecordChanges";

const MAX_SUGGESTIONS = 5;
/** A phone is searched from its third digit, a name from its second letter. */
const PHONE_DIGITS_MIN = 3;
const NAME_MIN = 2;

type CallerSuggestionsProps = { companyId: string; form: FormInstance<CallFormValues> };

export function CallerSuggestions({ companyId, form }: CallerSuggestionsProps) {
  const name: string = Form.useWatch("customerName", form) ?? "";
  const phone: string = Form.useWatch("customerPhone", form) ?? "";
  const linkedId: string | undefined = Form.useWatch("customerId", form);
  const query =
    phone.replace(/\D/g, "").length >= PHONE_DIGITS_MIN ? phone : name.trim().length >= NAME_MIN ? name : "";
  // Typing stays smooth: the search follows the latest text when React has time for it.
  const deferred = useDeferredValue(query);
  const { data } = useCustomerSearch(deferred && !linkedId ? companyId : null, deferred);

  const pick = (customer: CustomerDTO) =>
    form.setFieldsValue({
      customerId: customer.id,
      customerName: customer.name,
      customerPhone: customer.phone ?? phone,
      customerEmail: customer.email ?? form.getFieldValue("customerEmail"),
      customerAddress: customer.address ?? form.getFieldValue("customerAddress"),
    } as Partial<CallFormValues>);

  if (linkedId) {
    return (
      <div className="call-form__suggestions" data-testid="caller-linked">
        <span>Linked to an existing customer.</span>
        <Button
          size="small"
          type="link"
          onClick={() => form.setFieldsValue({ customerId: undefined } as never)}
        >
          Unlink
        </Button>
      </div>
    );
  }
  const matches = deferred ? (data ?? []).slice(0, MAX_SUGGESTIONS) : [];
  if (matches.length === 0) return null;
  return (
    <div className="call-form__suggestions" data-testid="caller-suggestions">
      <span id="caller-suggestions-label">Existing customers:</span>
      <ul aria-labelledby="caller-suggestions-label">
        {matches.map((customer) => (
          <li key={customer.id}>
            <Button size="small" onClick={() => pick(customer)}>
              {[customer.name, customer.phone].filter(Boolean).join(" · ")}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
