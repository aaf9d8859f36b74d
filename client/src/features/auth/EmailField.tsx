import { Input } from "antd";

type EmailFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's own message, under it; `invalid` alone marks it without one. */
  error?: string | null;
  invalid?: boolean;
};

/**
 * The e-mail a person signs in with, on the sign-in and "Forgot password?" pages.
 */
export function EmailField({ id, value, onChange, error, invalid }: EmailFieldProps) {
  const marked = Boolean(error) || invalid;
  return (
    <div className="auth-form__field">
      <label htmlFor={id}>Email</label>
      <Input
        id={id}
        size="large"
        status={marked ? "error" : undefined}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoFocus
        value={value}
        aria-invalid={marked ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <span id={`${id}-error`} className="auth-form__field-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
