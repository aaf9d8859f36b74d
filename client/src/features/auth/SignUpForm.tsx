import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  type TInvitationSignUp,
  type TRegister,
  ZRegister,
} from "@sched/shared-types";
import { Button, Form, Input } from "antd";
import { zodRule } from "../../lib/forms";

const fields = ZRegister.shape;

type SignUpFormProps = { submitLabel: string; isPending: boolean } & (
  | {
      /** /register: the e-mail and the new company's name are asked too. */
      invitedEmail?: undefined;
      onSubmit: (values: TRegister) => void;
    }
  | {
      /** An invitation: the account is made for the invited address, so it is shown, not asked. */
      invitedEmail: string;
      onSubmit: (values: TInvitationSignUp) => void;
    }
);

/** A new account: the /register page and a signed-out invitee's form. */
export function SignUpForm(props: SignUpFormProps) {
  const { invitedEmail, submitLabel, isPending } = props;
  const submit = (values: TRegister) => {
    const account = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      password: values.password,
    };
    if (props.invitedEmail === undefined) props.onSubmit({ ...values, ...account });
    else props.onSubmit(account);
  };
  return (
    <Form<TRegister> layout="vertical" requiredMark={false} onFinish={submit} noValidate>
      {invitedEmail === undefined ? null : (
        <Form.Item label="Email" htmlFor="invite-email">
          <Input
            id="invite-email"
            size="large"
            type="email"
            autoComplete="username"
            value={invitedEmail}
            readOnly
            aria-readonly
            data-testid="invite-email"
          />
        </Form.Item>
      )}
      <div className="auth-card__row">
        <Form.Item label="First name" name="firstName" rules={[zodRule(fields.firstName)]}>
          <Input size="large" autoComplete="given-name" autoFocus />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={[zodRule(fields.lastName)]}>
          <Input size="large" autoComplete="family-name" />
        </Form.Item>
      </div>
      {invitedEmail === undefined ? (
        <>
          <Form.Item label="Company name" name="companyName" rules={[zodRule(fields.companyName)]}>
            <Input size="large" autoComplete="organization" />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={[zodRule(fields.email)]}>
            <Input size="large" type="email" inputMode="email" autoComplete="email" />
          </Form.Item>
        </>
      ) : null}
      <Form.Item
        label="Password"
        name="password"
        rules={[zodRule(fields.password)]}
        extra={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters`}
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
