import { ZMakeAdmin } from "@sched/shared-types";
import { Button, Form, Input } from "antd";
import { Link } from "react-router";
import { zodRule } from "../../lib/forms";
import { AuthCard } from "../auth/AuthCard";
import { useMakeAdmin } from "./useMakeAdmin";
import "./admin-setup.css";

type SetupValues = { email: string; adminPassword: string };

/** /admin-setup (SPEC section 2): turn an existing account into a system administrator. */
export default function AdminSetupPage() {
  const [form] = Form.useForm<SetupValues>();
  const makeAdmin = useMakeAdmin();

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
      <Form form={form} layout="vertical" onFinish={onFinish} requiredMark={false} name="admin-setup">
        <Form.Item name="email" label="Email" rules={[zodRule(ZMakeAdmin.shape.email)]}>
          <Input size="large" inputMode="email" autoComplete="email" autoFocus />
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
    </AuthCard>
  );
}
