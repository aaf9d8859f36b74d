import { PlusOutlined } from "@ant-design/icons";
import type { CustomerDTO } from "@sched/shared-types";
import { Button, Form, Select } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { CustomerFormDialog } from "./CustomerFormDialog";
import { fieldsFromCustomer } from "./customerFields";
import { useCustomer, useCustomerSearch, useDebounced } from "./useCustomers";
import "./customers.css";

const optionLabel = (customer: CustomerDTO) =>
  [customer.name, customer.phone, customer.address].filter(Boolean).join(" · ");

/**
 * The job form's Customer field: a search of the company's customers, and New Customer for
 * someone not in it yet. Picking one fills the location and the contact fields; the
 * customer's page is a link away.
 */
export function CustomerPickerField({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance();
  const { companyId } = useCurrentCompany();
  const canAdd = useCan("manageCustomers");
  const selectedId: string | null | undefined = Form.useWatch("customerId", form);
  const [search, setSearch] = useState("");
  const q = useDebounced(search).trim();
  const results = useCustomerSearch(companyId, q);
  // The picked customer may be outside the current results: their own record names them.
  const selected = useCustomer(selectedId ?? undefined);
  const [isAdding, setIsAdding] = useState(false);

  const listed = results.data ?? [];
  const options = [
    ...(selected.data && !listed.some((c) => c.id === selected.data.id) ? [selected.data] : []),
    ...listed,
  ].map((customer) => ({ value: customer.id, label: optionLabel(customer), customer }));

  const pick = (customer: CustomerDTO) => form.setFieldsValue(fieldsFromCustomer(customer));

  return (
    <>
      <div className="job-form__customer">
        <Form.Item
          name="customerId"
          label="Customer (optional)"
          normalize={(value: string | undefined) => value ?? null}
          extra={
            selectedId ? (
              <Link to={`/customers/${selectedId}`} data-testid="job-customer-link">
                Open customer page
              </Link>
            ) : undefined
          }
        >
          <Select
            disabled={disabled}
            allowClear
            placeholder="Search customers by name, phone or address"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            notFoundContent={results.isFetching ? "Searching…" : "No customers found"}
            options={options}
            onSelect={(_id: string, option: { customer: CustomerDTO }) => pick(option.customer)}
            data-testid="job-customer-picker"
          />
        </Form.Item>
        {canAdd && !disabled ? (
          <Button
            className="job-form__new-customer"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setIsAdding(true)}
          >
            New customer
          </Button>
        ) : null}
      </div>
      {companyId && isAdding ? (
        <CustomerFormDialog
          companyId={companyId}
          customer={null}
          open={isAdding}
          initial={{
            name: search,
            address: form.getFieldValue("location") ?? "",
            email: form.getFieldValue("customerEmail") ?? "",
            phone: form.getFieldValue("customerPhone") ?? "",
          }}
          onClose={() => setIsAdding(false)}
          onSaved={pick}
        />
      ) : null}
    </>
  );
}
