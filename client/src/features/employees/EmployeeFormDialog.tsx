import { DEFAULT_AVATAR_COLOR, type EmployeeDTO, INITIALS_MAX, ZEmployeeFields } from "@sched/shared-types";
import { Form, Input, Modal, Select, Switch } from "antd";
import { useEffect, useRef } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { useStaleChange } from "../../components/useStaleChange";
import { useBoardSettings } from "../../entities/company/workingDays";
import { initialsFrom, nextAvatarColor } from "../../entities/employee/avatarColors";
import { EmployeeAvatar } from "../../entities/employee/EmployeeAvatar";
import { useAddEmployee, useEmployees, useUpdateEmployee } from "../../entities/employee/useEmployees";
import { focusFirstField, zodRule } from "../../lib/forms";
import { changedSince, differingFields, intendedChange } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";
import { AvailabilityField } from "./AvailabilityField";
import { type AvailabilityRow, patternProblem, rowProblems, toRows, toWindows } from "./availabilityRows";
import { ColorPicker } from "./ColorPicker";
import {
  EMPLOYEE_LABELS,
  employeeFormValues,
  type EmployeeFormValues as FormValues,
} from "./employeeChanges";

/** The form holds the weekly pattern as rows of days (availabilityRows.ts), the API as windows. */
type DialogValues = Omit<FormValues, "availability"> & { availability: AvailabilityRow[] };

const dialogValues = (employee: EmployeeDTO): DialogValues => {
  const values = employeeFormValues(employee);
  return { ...values, availability: toRows(values.availability) };
};

/** "" and "   " are no phone or e-mail at all. */
const contact = (value: string | null | undefined) => value?.trim() || null;

type EmployeeFormDialogProps = {
  companyId: string;
  /** The employee being edited; absent for Add Employee. */
  employee: EmployeeDTO | null;
  open: boolean;
  onClose: () => void;
};

/**
 * Add Employee (full name, initials, colour, availability) and Edit Employee (the same plus
 * Active).
 * Add starts from the next unused colour and fills the initials from the name as it is
 * typed, until the user types initials of their own (docs/roster-templates-history.md).
 * An edit saves what the user changed from the version they opened; when someone else
 * saved the employee in between, the user chooses whose change stays.
 */
export function EmployeeFormDialog({ companyId, employee, open, onClose }: EmployeeFormDialogProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const [form] = Form.useForm<DialogValues>();
  const addEmployee = useAddEmployee(companyId);
  const updateEmployee = useUpdateEmployee(companyId);
  const { resolveStale, staleDialog } = useStaleChange();
  const isEditing = employee !== null;
  const isPending = addEmployee.isPending || updateEmployee.isPending;
  const preview = Form.useWatch([], form);
  // Read when the dialog opens: a roster refetch while it is open must not reset the form.
  const roster = useRef<EmployeeDTO[] | undefined>(undefined);
  roster.current = useEmployees(companyId).data;
  /** Once the user typed initials themselves, the name no longer fills them. */
  const hasOwnInitials = useRef(false);
  const companySkills = useBoardSettings(companyId).skills ?? [];
  // A skill the company has since removed still shows while the employee holds it.
  const heldSkills = employee?.skills ?? [];
  const skillOptions = [...new Set([...companySkills, ...heldSkills])].map((skill) => ({
    value: skill,
    label: skill,
  }));

  // Each opening starts from the employee being edited, or from a blank form.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    hasOwnInitials.current = false;
    if (employee) form.setFieldsValue(dialogValues(employee));
    else form.setFieldsValue({ avatarColor: nextAvatarColor(roster.current ?? []) });
  }, [open, employee, form]);

  const onValuesChange = (changed: Partial<DialogValues>) => {
    if ("initials" in changed) hasOwnInitials.current = true;
    if ("name" in changed && !isEditing && !hasOwnInitials.current) {
      form.setFieldsValue({ initials: initialsFrom(changed.name ?? "", INITIALS_MAX) });
    }
  };

  /** Saves `change` over `version`; a save by someone else in between opens the choice. */
  const saveChange = (opened: EmployeeDTO, change: Partial<FormValues>, version: number) => {
    updateEmployee.mutate(
      { id: opened.id, ...change, version },
      {
        onSuccess: () => {
          notification.success({ title: "Success", description: "Employee has been updated" });
          onClose();
        },
        onError: (error) => {
          const isStale = resolveStale<EmployeeDTO>(error, {
            root: "employees",
            describe: (current) => differingFields(change, employeeFormValues(current), EMPLOYEE_LABELS),
            theirs: (current) =>
              changedSince(employeeFormValues(opened), employeeFormValues(current), EMPLOYEE_LABELS),
            onApply: (current) => saveChange(opened, change, current.version),
            onKeep: onClose,
          });
          if (isStale) return;
          showFailure("Failed to update employee. Please try again.", error, { form });
        },
      },
    );
  };

  const onFinish = (values: DialogValues) => {
    const rows = values.availability ?? [];
    // A row at fault is marked in the form already (AvailabilityField): nothing to send.
    if (rowProblems(rows).some(Boolean) || patternProblem(rows)) return;
    const body = {
      name: values.name.trim(),
      initials: values.initials.trim(),
      avatarColor: values.avatarColor,
      isActive: values.isActive,
      availability: toWindows(rows),
      phone: contact(values.phone),
      email: contact(values.email),
      skills: values.skills ?? [],
    };
    if (employee) {
      const change = intendedChange(employeeFormValues(employee), body, EMPLOYEE_LABELS);
      saveChange(employee, change, employee.version);
      return;
    }
    addEmployee.mutate(body, {
      onSuccess: () => {
        notification.success({ title: "Success", description: "Employee has been added" });
        onClose();
      },
      onError: (error) => showFailure("Failed to add employee. Please try again.", error, { form }),
    });
  };

  return (
    <>
      <Modal
        open={open}
        title={isEditing ? "Edit Employee" : "Add Employee"}
        okText={isEditing ? "Save Changes" : "Add Employee"}
        onOk={() => form.submit()}
        okButtonProps={{ loading: isPending, "data-testid": "employee-form-submit" }}
        onCancel={onClose}
        // Kept mounted (forceRender), so autoFocus would not fire: the first field takes the focus on open.
        afterOpenChange={(isOpen) => focusFirstField(isOpen, form.getFieldInstance("name"))}
        forceRender
      >
        <Form<DialogValues>
          // Its own field ids (employee_email): the Employees page keeps this dialog and the
          // invite dialog mounted at once, where a shared id="email" ties a label to the other's field.
          name="employee"
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={onValuesChange}
          initialValues={{
            name: "",
            initials: "",
            avatarColor: DEFAULT_AVATAR_COLOR,
            isActive: true,
            availability: [],
            phone: null,
            email: null,
            skills: [],
          }}
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
          <div className="employee-form__contact">
            <Form.Item label="Phone" name="phone" rules={[zodRule(ZEmployeeFields.shape.phone)]}>
              <Input type="tel" placeholder="Optional" autoComplete="off" />
            </Form.Item>
            <Form.Item label="Email" name="email" rules={[zodRule(ZEmployeeFields.shape.email)]}>
              <Input type="email" placeholder="Optional" autoComplete="off" />
            </Form.Item>
          </div>
          <Form.Item
            label="Skills"
            name="skills"
            extra={
              companySkills.length > 0
                ? "Jobs needing a skill they lack are flagged on the board."
                : "The owner adds the company's skills in Settings."
            }
          >
            <Select
              mode="multiple"
              allowClear
              options={skillOptions}
              placeholder={companySkills.length > 0 ? "No skills" : "No company skills yet"}
              aria-label="Skills"
              data-testid="employee-skills"
            />
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
          <AvailabilityField />
        </Form>
      </Modal>
      {staleDialog}
    </>
  );
}
