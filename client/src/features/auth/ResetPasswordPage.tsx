import { PASSWORD_MIN, ZPassword } from "@sched/shared-types";
import { Button } from "antd";
import Password from "antd/es/input/Password";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { useFeedback } from "../../ui/feedback";
import { AuthCard, BackToSignIn } from "./AuthCard";
import { useResetPassword } from "./usePasswordReset";

const COULD_NOT_RESET = "The password could not be changed. Please try again.";

/** A link that will never work (unknown, used or past its hour): only a new one helps. */
const isDeadLink = (error: unknown) =>
  error instanceof ApiError && (error.code === "gone" || error.code === "not_found");

/**
 * The page a reset e-mail links to (docs/auth.md): a new password
 * under sign-up's rules; saving it signs out every other device and signs this one in.
 */
export default function ResetPasswordPage() {
  const { token = "" } = useParams();
  const reset = useResetPassword(token);
  const navigate = useNavigate();
  const { notification } = useFeedback();
  const passwordId = useId();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = ZPassword.safeParse(password);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? COULD_NOT_RESET);
      return;
    }
    reset.mutate(parsed.data, {
      onSuccess: () => {
        notification.success({
          title: "Your new password is set",
          description: "You are signed in here and signed out everywhere else.",
        });
        navigate("/", { replace: true });
      },
      onError: (error) => {
        const field = error instanceof ApiError ? error.errors.find((e) => e.path === "password") : undefined;
        if (field) setFieldError(field.message);
      },
    });
  };

  const refusal = reset.isError && !fieldError ? errorMessage(reset.error, COULD_NOT_RESET) : null;

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Saving it signs you out on every other device."
      footer={<BackToSignIn />}
    >
      {refusal ? (
        <div className="auth-card__alert auth-card__error" role="alert">
          {refusal} {isDeadLink(reset.error) ? <Link to="/forgot-password">Ask for a new link</Link> : null}
        </div>
      ) : null}
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <div className="auth-form__field">
          <label htmlFor={passwordId}>New password</label>
          <Password
            id={passwordId}
            size="large"
            name="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            status={fieldError ? "error" : undefined}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${passwordId}-hint`}
            onChange={(event) => {
              setPassword(event.target.value);
              setFieldError(null);
            }}
          />
          <span
            id={`${passwordId}-hint`}
            className={fieldError ? "auth-form__field-error" : "auth-form__hint"}
          >
            {fieldError ?? `At least ${PASSWORD_MIN} characters.`}
          </span>
        </div>
        <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}
