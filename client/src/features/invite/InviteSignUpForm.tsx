import { PASSWORD_MAX, PASSWORD_MIN, type TInvitationSignUp, ZInvitationSignUp } from "@sched/shared-types";
import { Button, Form, Input } from "antd";
import { zodRule } from "../../lib/forms";

const fields = ZInvitationSignUp.shape;

type InviteSignUpFormProps = {
  /** The invited address: the account is made for it, so it is shown, not asked. */
  email: string;
  isPending: boolean;
  onSubmit: (values: TInvitationSignUp) => void;
};

/** A signed-out invitee's new account: name and password for the invited e-mail. */
export function InviteSignUpForm({ email, isPending, onSubmit }: InviteSignUpFormProps) {
  return (
    <Form<TInvitationSignUp>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) =>
        onSubmit({
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          password: values.password,
        })
      }
    >
      <Form.Item label="Email">
        <Input size="large" value={email} readOnly aria-readonly data-testid="invite-email" />
      </Form.Item>
      <div className="auth-card__row">
        <Form.Item label="First name" name="firstName" rules={[zodRule(fields.firstName)]}>
          <Input size="large" autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[zodRule(fields.lastName)]}>
          <Input size="large" autoComplete="family-name" />
        </Form.Item>
      </div>
      <Form.Item
        label="Password"
        name="password"
        rules={[zodRule(fields.password)]}
        extra={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
        Create account and join
      </Button>
    </Form>
  );
}
