import { Alert, Button, Input } from "antd";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { useLogin } from "../../entities/user/useAuth";
import { AuthCard } from "./AuthCard";
import { EmailField } from "./EmailField";

type SignInFormProps = { title: string; subtitle: string; footer: ReactNode };

/**
 * E-mail and password, both required ("Missing credentials"), signing in through
 * useLogin. Used by /login and the admin sign-in.
 */
export function SignInForm({ title, subtitle, footer }: SignInFormProps) {
  const login = useLogin();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isMissingCredentials, setIsMissingCredentials] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) {
      setIsMissingCredentials(true);
      return;
    }
    if (!login.isPending) login.mutate({ email: trimmedEmail, password });
  };
  const isPasswordMissing = isMissingCredentials && !password;

  return (
    <AuthCard title={title} subtitle={subtitle} footer={footer}>
      {isMissingCredentials ? (
        <Alert className="auth-card__alert" type="error" showIcon title="Missing credentials" />
      ) : null}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <EmailField
          id={emailId}
          value={email}
          invalid={isMissingCredentials && !email.trim()}
          onChange={(value) => {
            setEmail(value);
            setIsMissingCredentials(false);
          }}
        />
        <div className="auth-form__field">
          <div className="auth-form__label-row">
            <label htmlFor={passwordId}>Password</label>
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <Input.Password
            id={passwordId}
            name="password"
            size="large"
            autoComplete="current-password"
            value={password}
            status={isPasswordMissing ? "error" : undefined}
            aria-invalid={isPasswordMissing ? true : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              setIsMissingCredentials(false);
            }}
          />
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
          Sign in
        </Button>
      </form>
    </AuthCard>
  );
}
