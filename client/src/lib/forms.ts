import type { FormRule } from "antd";

/** The part of a zod schema a form rule needs (keeps the client off zod's own types). */
type SafeParser = {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: { issues: { message: string }[] } };
};

/**
 * An antd form rule that validates a field with a shared-types zod schema, so forms show
 * the same words the server answers with (`Name is required`).
 */
export function zodRule(schema: SafeParser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Invalid value");
    },
  };
}

/**
 * A dialog's first field takes the focus once the dialog has opened (antd's afterOpenChange),
 * unless the person already typed their way into one of its fields while it opened: the
 * focus is never taken from where they are typing.
 */
export function focusFirstField(isOpen: boolean, first: { focus: () => void } | undefined): void {
  if (!isOpen) return;
  const active = document.activeElement;
  const isTyping = active?.closest(".ant-modal") && active.matches("input, textarea");
  if (!isTyping) first?.focus();
}
