import type { CustomerDTO } from "@sched/shared-types";
import { Form, Select } from "antd";
import { useState } from "react";
import { useCustomer, useCustomerSearch, useDebounced } from "../customers/useCustomers";

export const CUSTOMER_REQUIRED = "Pick the customer the quote is for";

const optionLabel = (customer: CustomerDTO) =>
  [customer.name, customer.email ?? customer.phone].filter(Boolean).join(" · ");

/**
 * Who the quote is for: a search of the company's customers. The quote is sent to their
 * e-mail or phone, so both show beside the name when they have them.
 */
export function QuoteCustomerField({ companyId }: { companyId: string }) {
  const form = Form.useFormInstance();
  const selectedId: string | undefined = Form.useWatch("customerId", form);
  const [search, setSearch] = useState("");
  const results = useCustomerSearch(companyId, useDebounced(search).trim());
  // The chosen customer may be outside the current results: their own record names them.
  const selected = useCustomer(selectedId);
  const listed = results.data ?? [];
  const options = [
    ...(selected.data && !listed.some((customer) => customer.id === selected.data.id) ? [selected.data] : []),
    ...listed,
  ].map((customer) => ({ value: customer.id, label: optionLabel(customer) }));

  return (
    <Form.Item name="customerId" label="Customer" rules={[{ required: true, message: CUSTOMER_REQUIRED }]}>
      <Select
        placeholder="Search customers by name, phone or e-mail"
        showSearch={{ filterOption: false, onSearch: setSearch }}
        notFoundContent={results.isFetching ? "Searching…" : "No customers found"}
        options={options}
        data-testid="quote-customer-picker"
      />
    </Form.Item>
  );
}
