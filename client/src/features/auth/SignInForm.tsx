import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { preloadToasts } from "../../app/feedback";
import { appLayoutScreen, themedScreens } from "../../app/screens";
import { AuthCard } from "./AuthCard";
import { EmailField } from "./EmailField";
import { useLogin } from "./useAuth";

type SignInFormProps = { title: string; subtitle: string; footer: ReactNode };

/**
 * Someone typing is about to sign in: the toasts and the signed-in frame's code are asked
 * for meanwhile, so neither waits after the click. Not before: the page itself needs none
 * of it.
 */
function preloadWhatFollows(): void {
  preloadToasts();
  void themedScreens.preload().catch(() => {});
  void appLayoutScreen.preload().catch(() => {});
}

/** The eye of a password field, as an outline (antd's EyeOutlined and EyeInvisibleOutlined). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {crossed ? <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.8" /> : null}
    </svg>
  );
}

/**
 * E-mail and password, both required ("Missing credentials"), signing in through
 * useLogin. Plain markup styled like antd (styles.css), not antd itself: this is the first
 * page most people load, and it loads no antd (docs/performance.md).
 * Used by /login and the admin sign-in.
 */
export function SignInForm({ title, subtitle, footer }: SignInFormProps) {
  const login = useLogin();
  const emailId = useId();
  const passwordId = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [isPasswordShown, setIsPasswordShown] = useState(false);
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
        <div className="auth-card__alert auth-card__error" role="alert">
          Missing credentials
        </div>
      ) : null}
      <form className="auth-form" onSubmit={onSubmit} onInput={preloadWhatFollows} noValidate>
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
          <span
            className={
              isPasswordMissing
                ? "plain-input plain-input--affix is-invalid"
                : "plain-input plain-input--affix"
            }
          >
            <input
              id={passwordId}
              name="password"
              type={isPasswordShown ? "text" : "password"}
              autoComplete="current-password"
              value={password}
              aria-invalid={isPasswordMissing ? true : undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setIsMissingCredentials(false);
              }}
            />
            {/* Out of the tab order, as antd's eye was: Tab goes from the password to Sign in. */}
            <button
              type="button"
              className="plain-input__reveal"
              tabIndex={-1}
              aria-label={isPasswordShown ? "Hide" : "Show"}
              aria-pressed={isPasswordShown}
              onClick={() => setIsPasswordShown((shown) => !shown)}
            >
              <EyeIcon crossed={!isPasswordShown} />
            </button>
          </span>
        </div>
        <button
          type="submit"
          className="plain-button plain-button--primary plain-button--large plain-button--block"
          aria-busy={login.isPending || undefined}
        >
          {login.isPending ? <span className="plain-button__spinner" aria-hidden="true" /> : null}
          Sign in
        </button>
      </form>
    </AuthCard>
  );
}
