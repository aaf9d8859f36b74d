type EmailFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's own message, under it; `invalid` alone marks it without one. */
  error?: string | null;
  invalid?: boolean;
};

/**
 * The e-mail a person signs in with, on the sign-in and "Forgot password?" pages. A plain
 * input styled like antd's large one (styles.css): the sign-in page loads no antd.
 */
export function EmailField({ id, value, onChange, error, invalid }: EmailFieldProps) {
  const marked = Boolean(error) || invalid;
  return (
    <div className="auth-form__field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        className={marked ? "plain-input is-invalid" : "plain-input"}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        // biome-ignore lint/a11y/noAutofocus: the page's one task; antd's Input had it too.
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
