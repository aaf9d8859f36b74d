import { PASSWORD_MAX, PASSWORD_MIN, type TRegister, TRIAL_DAYS, ZRegister } from "@sched/shared-types";
import { Button, Form, Input } from "antd";
import { Link, useLocation } from "react-router";
import { zodRule } from "../../lib/forms";
import { AuthCard } from "./AuthCard";
import { useRegister } from "./useAuth";

const fields = ZRegister.shape;

export default function RegisterPage() {
  const location = useLocation();
  const register = useRegister();
  return (
    <AuthCard
      title="Create your account"
      subtitle={`Start a ${TRIAL_DAYS}-day free trial. No card needed.`}
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" state={location.state}>
            Sign in
          </Link>
        </>
      }
    >
      <Form<TRegister> layout="vertical" requiredMark={false} onFinish={(values) => register.mutate(values)}>
        <div className="auth-card__row">
          <Form.Item label="First name" name="firstName" rules={[zodRule(fields.firstName)]}>
            <Input size="large" autoComplete="given-name" autoFocus />
          </Form.Item>
          <Form.Item label="Last name" name="lastName" rules={[zodRule(fields.lastName)]}>
            <Input size="large" autoComplete="family-name" />
          </Form.Item>
        </div>
        <Form.Item label="Company name" name="companyName" rules={[zodRule(fields.companyName)]}>
          <Input size="large" autoComplete="organization" />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[zodRule(fields.email)]}>
          <Input size="large" inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          label="Password"
          name="password"
          rules={[zodRule(fields.password)]}
          extra={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
        >
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
          Create account
        </Button>
      </Form>
    </AuthCard>
  );
}
