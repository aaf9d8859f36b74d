import { Alert, Button, Input } from "antd";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { AuthCard } from "../auth/AuthCard";
import { useLogin } from "../auth/useAuth";

/** /admin when signed out: SPEC's admin login (both fields required: Missing credentials). */
export function AdminSignIn() {
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
    <AuthCard
      title="Admin Sign In"
      subtitle="Sign in with a system administrator account to manage companies and free access."
      footer={
        <>
          Not an administrator yet? <Link to="/admin-setup">Admin setup</Link>
        </>
      }
    >
      {isMissingCredentials ? (
        <Alert className="auth-card__alert" type="error" showIcon title="Missing credentials" role="alert" />
      ) : null}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <div className="auth-form__field">
          <label htmlFor={emailId}>Email</label>
          <Input
            id={emailId}
            size="large"
            name="email"
            inputMode="email"
            autoComplete="email"
            autoFocus
            value={email}
            status={isMissingCredentials && !email.trim() ? "error" : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setIsMissingCredentials(false);
            }}
          />
        </div>
        <div className="auth-form__field">
          <label htmlFor={passwordId}>Password</label>
          <Input.Password
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
