import { type CustomerDTO, ZCustomerFields } from "@sched/shared-types";
import { Alert, Form, Input, Modal } from "antd";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useShowFailure } from "../../components/FailureNotice";
import { type PendingPlace, PlaceField } from "../../components/PlaceField";
import { useStaleChange } from "../../components/useStaleChange";
import { useSetCustomerPlace } from "../../entities/place/usePlaces";
import { isApiError } from "../../lib/api";
import { focusFirstField, zodRule } from "../../lib/forms";
import { changedSince, differingFields, type FieldLabels, intendedChange } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";
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

/** How the fields read in "Keep their change / Apply my change". */
const CUSTOMER_LABELS: FieldLabels<FormValues> = {
  name: { label: "Name" },
  phone: { label: "Phone" },
  email: { label: "Email" },
  address: { label: "Address" },
  notes: { label: "Notes" },
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
 * that customer, someone else's save in between as the choice jobs offer: keep their change,
 * or apply mine (the fields I changed) over it (useStaleChange).
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
  const showFailure = useShowFailure();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveCustomer(companyId);
  const [existingId, setExistingId] = useState<string | null>(null);
  const { resolveStale, staleDialog } = useStaleChange();
  // A place chosen with "Find place": pinned once the customer is saved (docs/places.md).
  const [pendingPlace, setPendingPlace] = useState<PendingPlace | null>(null);
  const setCustomerPlace = useSetCustomerPlace();
  const address: string = Form.useWatch("address", form) ?? "";

  // The customer as the form opened: a live update of the page meanwhile must not move the
  // version the save is made over, or it would write over that change unseen.
  const [opened, setOpened] = useState(customer);

  // Each opening starts afresh: the form is made anew (destroyOnHidden) from these values.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read at opening only, on purpose.
  useEffect(() => {
    if (!open) return;
    setExistingId(null);
    setOpened(customer);
    setPendingPlace(null);
  }, [open]);

  const onFinish = (values: FormValues) =>
    submit(values, opened ? { opened, version: opened.version } : undefined);

  /** Saves `values`; an edit names the version it is saved over (the opened one, or theirs after "Apply"). */
  const submit = (values: FormValues, edit?: { opened: CustomerDTO; version: number }) => {
    setExistingId(null);
    const request = edit ? { id: edit.opened.id, values, version: edit.version } : { values };
    save.mutate(request, {
      onSuccess: (saved) => {
        notification.success({ title: customer ? "Customer updated" : "Customer added" });
        if (pendingPlace) {
          const point = pendingPlace.kind === "pin" ? pendingPlace.suggestion : null;
          setCustomerPlace
            .mutateAsync({ id: saved.id, companyId, point, version: saved.version })
            .catch((failure: unknown) =>
              showFailure("Failed to set the customer's place: {message}", failure),
            );
        }
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
        if (edit) {
          const mine = intendedChange(toValues(edit.opened), values, CUSTOMER_LABELS);
          const isStale = resolveStale<CustomerDTO>(error, {
            root: "customers",
            describe: (current) => differingFields(mine, toValues(current), CUSTOMER_LABELS),
            theirs: (current) => changedSince(toValues(edit.opened), toValues(current), CUSTOMER_LABELS),
            // My changed fields over theirs; the fields I left alone keep their change.
            onApply: (current) =>
              submit({ ...toValues(current), ...mine }, { opened: edit.opened, version: current.version }),
            onKeep: onClose,
          });
          if (isStale) return;
        }
        showFailure("Failed to save the customer. Please try again.", error, { form });
      },
    });
  };

  return (
    <>
      <Modal
        open={open}
        title={customer ? "Edit Customer" : "New Customer"}
        okText={customer ? "Save Changes" : "Add Customer"}
        onOk={() => form.submit()}
        okButtonProps={{ loading: save.isPending, "data-testid": "customer-form-submit" }}
        onCancel={onClose}
        afterOpenChange={(isOpen) => focusFirstField(isOpen, form.getFieldInstance("name"))}
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
          <PlaceField
            companyId={companyId}
            address={address}
            saved={opened ? { address: opened.address, place: opened.place } : undefined}
            pending={pendingPlace}
            onPendingChange={setPendingPlace}
            canChoose
          />
          <Form.Item label="Notes" name="notes" rules={[zodRule(ZCustomerFields.shape.notes)]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      {staleDialog}
    </>
  );
}
