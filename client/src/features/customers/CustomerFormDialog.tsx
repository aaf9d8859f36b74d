import { type CustomerDTO, ZCustomerFields } from "@sched/shared-types";
import { Alert, Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useFeedback } from "../../app/feedback";
import { isApiError } from "../../lib/api";
import { zodRule } from "../../lib/forms";
import { useSaveCustomer } from "./useCustomers";

type FormValues = { name: string; phone: string; email: string; address: string; notes: string };

type CustomerFormDialogProps = {
  companyId: string;
  /** The customer being edited; null for New Customer. */
  customer: CustomerDTO | null;
  open: boolean;
  onClose: () => void;
  /** Called with the saved customer (the job dialog picks the one just made). */
  onSaved?: (customer: CustomerDTO) => void;
  /** What a new customer starts with, e.g. the name typed into the picker's search. */
  initial?: Partial<FormValues>;
};

const toValues = (customer: CustomerDTO | null, initial: Partial<FormValues> = {}): FormValues => ({
  name: customer?.name ?? initial.name ?? "",
  phone: customer?.phone ?? initial.phone ?? "",
  email: customer?.email ?? initial.email ?? "",
  address: customer?.address ?? initial.address ?? "",
  notes: customer?.notes ?? initial.notes ?? "",
});

/**
 * New Customer and Edit Customer (docs/customers.md). The server's answers show where they
 * belong: a field's message under the field, a phone another customer has as a link to
 * that customer, someone else's save in between as a message (the page then shows theirs).
 */
export function CustomerFormDialog({
  companyId,
  customer,
  open,
  onClose,
  onSaved,
  initial,
}: CustomerFormDialogProps) {
  const { notification } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCustomer(companyId);
  const [existingId, setExistingId] = useState<string | null>(null);

  // Each opening starts afresh: the form is made anew (destroyOnHidden) from these values.
  useEffect(() => {
    if (open) setExistingId(null);
  }, [open]);

  const onFinish = (values: FormValues) => {
    setExistingId(null);
    const request = customer ? { id: customer.id, values, version: customer.version } : { values };
    save.mutate(request, {
      onSuccess: (saved) => {
        notification.success({ title: customer ? "Customer updated" : "Customer added" });
        onSaved?.(saved);
        onClose();
      },
      onError: (error) => {
        if (isApiError(error, "validation") && error.errors.length > 0) {
          form.setFields(
            error.errors.map((e) => ({ name: e.path as keyof FormValues, errors: [e.message] })),
          );
          return;
        }
        if (isApiError(error, "conflict") && typeof error.body?.existingId === "string") {
          setExistingId(error.body.existingId);
          form.setFields([{ name: "phone", errors: [error.body.message] }]);
          return;
        }
        if (isApiError(error, "stale")) {
          notification.warning({ title: error.body?.message ?? "Someone else changed this customer." });
          onClose();
          return;
        }
        notification.error({ title: "Error", description: "Failed to save the customer. Please try again." });
      },
    });
  };

  return (
    <Modal
      open={open}
      title={customer ? "Edit Customer" : "New Customer"}
      okText={customer ? "Save Changes" : "Add Customer"}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, "data-testid": "customer-form-submit" }}
      onCancel={onClose}
      afterOpenChange={(isOpen) => (isOpen ? form.getFieldInstance("name")?.focus() : undefined)}
      // Not kept mounted: a closed dialog inside the job dialog must not take its Escape key.
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={toValues(customer, initial)}
      >
        <Form.Item label="Name" name="name" rules={[zodRule(ZCustomerFields.shape.name)]}>
          <Input autoComplete="off" placeholder="e.g. Maria Chen" />
        </Form.Item>
        <Form.Item label="Phone" name="phone" rules={[zodRule(ZCustomerFields.shape.phone)]}>
          <Input type="tel" autoComplete="off" placeholder="e.g. (555) 010-2000" />
        </Form.Item>
        {existingId ? (
          <Alert
            className="customer-form__existing"
            type="info"
            showIcon
            title={
              <Link to={`/customers/${existingId}`} onClick={onClose}>
                Open the customer with this phone number
              </Link>
            }
          />
        ) : null}
        <Form.Item label="Email" name="email" rules={[zodRule(ZCustomerFields.shape.email)]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Address" name="address" rules={[zodRule(ZCustomerFields.shape.address)]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="Notes" name="notes" rules={[zodRule(ZCustomerFields.shape.notes)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
