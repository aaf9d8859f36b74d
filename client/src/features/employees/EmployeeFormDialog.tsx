import {
  type AvatarColor,
  DEFAULT_AVATAR_COLOR,
  type EmployeeDTO,
  INITIALS_MAX,
  ZEmployeeFields,
} from "@sched/shared-types";
import { App, Form, Input, Modal, Switch } from "antd";
import { useEffect } from "react";
import { zodRule } from "../../lib/forms";
import { avatarColorOf } from "./avatarColors";
import { ColorPicker } from "./ColorPicker";
import { EmployeeAvatar } from "./EmployeeAvatar";
import { useAddEmployee, useUpdateEmployee } from "./useEmployees";

type FormValues = { name: string; initials: string; avatarColor: AvatarColor; isActive: boolean };

type EmployeeFormDialogProps = {
  companyId: string;
  /** The employee being edited; absent for Add Employee. */
  employee: EmployeeDTO | null;
  open: boolean;
  onClose: () => void;
};

const isBlank = (value: string | undefined) => !value?.trim();

/** Add Employee (full name, initials, colour) and Edit Employee (the same plus Active). */
export function EmployeeFormDialog({ companyId, employee, open, onClose }: EmployeeFormDialogProps) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const addEmployee = useAddEmployee(companyId);
  const updateEmployee = useUpdateEmployee(companyId);
  const isEditing = employee !== null;
  const isPending = addEmployee.isPending || updateEmployee.isPending;
  const preview = Form.useWatch([], form);

  // Each opening starts from the employee being edited, or from a blank form.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (employee) {
      form.setFieldsValue({
        name: employee.name,
        initials: employee.initials,
        avatarColor: avatarColorOf(employee.avatarColor),
        isActive: employee.isActive,
      });
    }
  }, [open, employee, form]);

  const onFinish = (values: FormValues) => {
    const body = {
      name: values.name.trim(),
      initials: values.initials.trim(),
      avatarColor: values.avatarColor,
      isActive: values.isActive,
    };
    if (employee) {
      updateEmployee.mutate(
        { id: employee.id, ...body },
        {
          onSuccess: () => {
            notification.success({ title: "Success", description: "Employee has been updated" });
            onClose();
          },
          onError: () =>
            notification.error({
              title: "Error",
              description: "Failed to update employee. Please try again.",
            }),
        },
      );
      return;
    }
    addEmployee.mutate(body, {
      onSuccess: () => {
        notification.success({ title: "Success", description: "Employee has been added" });
        onClose();
      },
      onError: () =>
        notification.error({ title: "Error", description: "Failed to add employee. Please try again." }),
    });
  };

  // SPEC section 5: submitting without a name or initials also says so in a toast.
  const onFinishFailed = ({ values }: { values: Partial<FormValues> }) => {
    if (!isEditing && (isBlank(values.name) || isBlank(values.initials))) {
      notification.error({ title: "Error", description: "Name and initials are required" });
    }
  };

  return (
    <Modal
      open={open}
      title={isEditing ? "Edit Employee" : "Add Employee"}
      okText={isEditing ? "Save Changes" : "Add Employee"}
      onOk={() => form.submit()}
      okButtonProps={{ loading: isPending, "data-testid": "employee-form-submit" }}
      onCancel={onClose}
      forceRender
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        initialValues={{ name: "", initials: "", avatarColor: DEFAULT_AVATAR_COLOR, isActive: true }}
      >
        <div className="employee-form__preview">
          <EmployeeAvatar
            initials={preview?.initials?.trim() || "?"}
            avatarColor={preview?.avatarColor ?? DEFAULT_AVATAR_COLOR}
            size={56}
          />
        </div>
        <Form.Item label="Full Name" name="name" rules={[zodRule(ZEmployeeFields.shape.name)]}>
          <Input placeholder="e.g. Maria Chen" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Initials"
          name="initials"
          extra={`Up to ${INITIALS_MAX} characters, shown on the schedule`}
          normalize={(value: string) => value.toUpperCase()}
          rules={[zodRule(ZEmployeeFields.shape.initials)]}
        >
          <Input placeholder="e.g. MC" autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Avatar Color"
          name="avatarColor"
          rules={[zodRule(ZEmployeeFields.shape.avatarColor)]}
        >
          <ColorPicker />
        </Form.Item>
        {isEditing ? (
          <Form.Item
            label="Active"
            name="isActive"
            valuePropName="checked"
            extra="Inactive employees leave the schedule but stay in the history."
          >
            <Switch />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
