import { Button } from "antd";
// The password part only, not antd's whole Input family (Search, TextArea, OTP): sign-in has a budget.
import Password from "antd/es/input/Password";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { AuthCard } from "./AuthCard";
import { EmailField } from "./EmailField";
import { useLogin } from "./useAuth";

type SignInFormProps = { title: string; subtitle: string; footer: ReactNode };

/**
 * E-mail and password, both required ("Missing credentials"), signing in through
 * useLogin. A plain form rather than antd Form: two fields need no validation engine,
 * and this is the first page most people load. Used by /login and the admin sign-in.
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
    login.mutate({ email: trimmedEmail, password });
  };

  return (
    <AuthCard title={title} subtitle={subtitle} footer={footer}>
      {isMissingCredentials ? (
        // A plain element, not antd Alert: the sign-in page has a JavaScript budget to keep.
        <div className="auth-card__alert auth-card__error" role="alert">
          Missing credentials
        </div>
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
          <Password
            id={passwordId}
            size="large"
            name="password"
            autoComplete="current-password"
            value={password}
            status={isMissingCredentials && !password ? "error" : undefined}
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
