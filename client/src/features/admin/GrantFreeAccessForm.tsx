import { FREE_ACCESS_NOTES_MAX, ZFreeAccessNotes } from "@sched/shared-types";
import { Button, Card, Form, Input, Select } from "antd";
import { zodRule } from "../../lib/forms";
import { useAdminCompanies, useGrantFreeAccess } from "./useAdmin";

type GrantValues = { companyId: string; notes: string };

/** Pick a company that does not have free access yet, say why, grant. */
export function GrantFreeAccessForm() {
  const [form] = Form.useForm<GrantValues>();
  const { data: companies, isPending } = useAdminCompanies();
  const grant = useGrantFreeAccess("Failed to grant free access");
  const options = (companies ?? [])
    .filter((company) => !company.isFreeAccount)
    .map((company) => ({ value: company.id, label: company.name }));

  const onFinish = ({ companyId, notes }: GrantValues) => {
    const companyName = options.find((option) => option.value === companyId)?.label ?? "The company";
    grant.mutate({ companyId, companyName, notes: notes.trim() }, { onSuccess: () => form.resetFields() });
  };

  return (
    <Card className="admin-card" title="Grant Free Access">
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="grant-free-access">
        <Form.Item
          name="companyId"
          label="Company"
          rules={[{ required: true, message: "Please select a company" }]}
        >
          <Select
            showSearch={{ optionFilterProp: "label" }}
            placeholder="Select a company"
            options={options}
            loading={isPending}
            notFoundContent="No company without free access"
          />
        </Form.Item>
        <Form.Item name="notes" label="Reason" rules={[zodRule(ZFreeAccessNotes)]}>
          <Input.TextArea
            rows={3}
            maxLength={FREE_ACCESS_NOTES_MAX}
            showCount
            placeholder="Why this company gets free access"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={grant.isPending}>
          Grant Free Access
        </Button>
      </Form>
    </Card>
  );
}
