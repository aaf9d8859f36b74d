import { ZPasswordResetRequest } from "@sched/shared-types";
import { Button } from "antd";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../lib/errorText";
import { AuthCard, BackToSignIn } from "./AuthCard";
import { EmailField } from "./EmailField";
import { useRequestPasswordReset } from "./usePasswordReset";

const COULD_NOT_SEND = "The link could not be sent. Please try again.";

/**
 * "Forgot password?" (docs/auth.md): the address to send a reset link to. The answer is
 * the same whether or not an account uses it, so the page says only what the server says.
 */
export default function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const emailId = useId();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZPasswordResetRequest.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Invalid email address");
      return;
    }
    request.mutate(parsed.data);
  };

  const footer = <BackToSignIn />;

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your e-mail" subtitle={request.data.message} footer={footer}>
        <p role="status" data-testid="reset-requested">
          Open the link in the e-mail on this device or any other. Nothing came? Look in the spam folder, or
          ask again in a few minutes.
        </p>
        <Button size="large" block onClick={() => request.reset()}>
          Send another link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail address you sign in with, and we will send you a link to choose a new password."
      footer={footer}
    >
      {request.isError ? (
        <div className="auth-card__alert auth-card__error" role="alert">
          {errorMessage(request.error, COULD_NOT_SEND)}
        </div>
      ) : null}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <EmailField
          id={emailId}
          value={email}
          error={fieldError}
          onChange={(value) => {
            setEmail(value);
            setFieldError(null);
          }}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={request.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
