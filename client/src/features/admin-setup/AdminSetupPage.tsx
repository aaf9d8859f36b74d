import { ZMakeAdmin } from "@sched/shared-types";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Form, Input, Spin } from "antd";
import { Link } from "react-router";
import { zodRule } from "../../lib/forms";
import { queryKeys } from "../../lib/queryKeys";
import { AuthCard } from "../auth/AuthCard";
import { useMakeAdmin } from "./useMakeAdmin";
import "./admin-setup.css";

type SetupValues = { email: string; adminPassword: string };

/**
 * /admin-setup (docs/admin.md): turn an existing account into a system administrator.
 * A server without a setup password says setup is disabled there instead of showing the form.
 */
export default function AdminSetupPage() {
  const [form] = Form.useForm<SetupValues>();
  const makeAdmin = useMakeAdmin();
  const setup = useQuery<{ enabled: boolean }>({ queryKey: queryKeys.adminSetup() });

  const onFinish = (values: SetupValues) => {
    makeAdmin.mutate(
      { email: values.email.trim(), adminPassword: values.adminPassword },
      { onSuccess: () => form.resetFields(["adminPassword"]) },
    );
  };

  return (
    <AuthCard
      title="Admin Setup"
      subtitle="Make an existing user a system administrator of this Scheduler installation."
      footer={
        <>
          Already an administrator? <Link to="/admin">Open the Admin Dashboard</Link>
        </>
      }
    >
      <ol className="admin-setup__steps">
        <li>
          The person must already have an account: <Link to="/register">create one</Link> first if needed.
        </li>
        <li>
          Enter that account's e-mail and the setup password. The setup password is the
          <code>ADMIN_SETUP_PASSWORD</code> set on the server; without it, setup is disabled.
        </li>
        <li>
          Then sign in at <Link to="/admin">/admin</Link> to grant or revoke free access.
        </li>
      </ol>
      {makeAdmin.isSuccess ? (
        <p className="admin-setup__done" role="status">
          <strong>{makeAdmin.data.email}</strong> is now a system administrator.{" "}
          <Link to="/admin">Go to the Admin Dashboard</Link>
        </p>
      ) : null}
      {setup.isPending ? <Spin /> : null}
      {setup.data?.enabled === false ? (
        <Alert
          type="warning"
          showIcon
          data-testid="admin-setup-disabled"
          title="Admin setup is disabled on this server"
          description={
            <>
              To enable it, set <code>ADMIN_SETUP_PASSWORD</code> in the server's environment and restart the
              server.
            </>
          }
        />
      ) : null}
      {/* When the question fails, the form stays: the answer to Make Admin explains. */}
      {!setup.isPending && setup.data?.enabled !== false ? (
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          requiredMark={false}
          name="admin-setup"
          noValidate
        >
          <Form.Item name="email" label="Email" rules={[zodRule(ZMakeAdmin.shape.email)]}>
            <Input size="large" type="email" inputMode="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="adminPassword"
            label="Setup password"
            rules={[zodRule(ZMakeAdmin.shape.adminPassword)]}
          >
            <Input.Password size="large" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={makeAdmin.isPending}>
            Make Admin
          </Button>
        </Form>
      ) : null}
    </AuthCard>
  );
}
