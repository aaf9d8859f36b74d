import { type CompanyDTO, ZCompanyCreate } from "@sched/shared-types";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, Card, Form, Input } from "antd";
import { useShowFailure } from "../components/FailureNotice";
import { apiJson } from "../lib/api";
import { browserTimeZone } from "../lib/dates";
import { zodRule } from "../lib/forms";
import { useSubmitKey } from "../lib/idempotency";
import { queryKeys } from "../lib/queryKeys";
import { rejoinSocketRooms } from "../lib/socket";
import { useCompanyStore } from "../stores/company";

/** For a signed-in user who belongs to no company (e.g. removed from their team): start one. */
export default function CreateFirstCompany() {
  const queryClient = useQueryClient();
  const selectCompany = useCompanyStore((state) => state.selectCompany);
  const showFailure = useShowFailure();
  const submitKey = useSubmitKey();
  const createCompany = useMutation({
    // Like registration, a new company starts in the browser's time zone (docs/settings.md).
    mutationFn: (values: { name: string }) => {
      const body = { ...values, timeZone: browserTimeZone() };
      return apiJson<CompanyDTO>("POST", "/api/companies", body, { idempotencyKey: submitKey.keyFor(body) });
    },
    onSuccess: (company) => {
      submitKey.renew();
      queryClient.setQueryData<CompanyDTO[]>(queryKeys.companies(), (current = []) => [...current, company]);
      selectCompany(company.id);
      rejoinSocketRooms();
    },
    onError: (error) => {
      showFailure("Failed to create company", error);
    },
  });
  return (
    <Card className="company-picker" data-testid="company-picker">
      <h1 className="company-picker__title">Create your company</h1>
      <p className="company-picker__hint">
        You are not a member of any company yet. Create one to start scheduling, or ask your office to invite
        you.
      </p>
      <Form layout="vertical" requiredMark={false} onFinish={(values) => createCompany.mutate(values)}>
        <Form.Item label="Company name" name="name" rules={[zodRule(ZCompanyCreate.shape.name)]}>
          <Input autoComplete="organization" maxLength={100} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={createCompany.isPending}>
          Create company
        </Button>
      </Form>
    </Card>
  );
}
