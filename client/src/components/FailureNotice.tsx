/**
 * What a person sees when a change fails, the same on every screen (docs/api.md):
 * the screen's sentence as the title, what the server said under it, field errors beside
 * their fields, when to try again after a limit, and after an unpaid trial the way on
 * (the plan screen for the owner, the owner for everyone else). lib/errorText.ts decides
 * the words; this draws them.
 */
import type { FieldError } from "@sched/shared-types";
import { useQueryClient } from "@tanstack/react-query";
import type { FormInstance } from "antd";
import { useCallback } from "react";
import { useCan } from "../entities/company/useCompanies";
import { describeFailure, type Failure } from "../lib/errorText";
import { rootKey } from "../lib/queryKeys";
import { ButtonLink } from "../ui/ButtonLink";
import { useFeedback } from "../ui/feedback";

/** What a member who may not pay is told after the trial: the owner can, they cannot. */
export const ASK_THE_OWNER = "The company's free trial has ended. Ask the company's owner to choose a plan.";

/** The lines under a failure's title; a 402 by who reads it. */
export function FailureDetail({ failure }: { failure: Failure }) {
  const canPay = useCan("manageBilling");
  if (failure.isPaymentRequired) {
    if (!canPay) return <span data-testid="failure-detail">{ASK_THE_OWNER}</span>;
    return (
      <span data-testid="failure-detail">
        {failure.detail}{" "}
        <ButtonLink to="/subscription" type="link" size="small" className="failure-detail__plan">
          Choose a plan
        </ButtonLink>
      </span>
    );
  }
  return failure.detail ? <span data-testid="failure-detail">{failure.detail}</span> : null;
}

/**
 * Puts a validation answer's field errors beside the form's fields. `fieldNames` maps an API
 * path to the form's name where they differ; paths with no field here stay in the toast.
 */
export function showFieldErrors(
  form: FormInstance,
  errors: FieldError[],
  fieldNames: Record<string, string> = {},
): void {
  const registered = new Set(form.getFieldsError().map((field) => field.name.join(".")));
  const fields = errors
    .map((error) => ({ name: fieldNames[error.path] ?? error.path, errors: [error.message] }))
    .filter((field) => registered.has(field.name))
    // A list's index is a number in the form's name ("taxRates.0.name": ["taxRates", 0, "name"]).
    .map((field) => ({
      name: field.name.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: field.errors,
    }));
  if (fields.length > 0) form.setFields(fields);
}

type NoticeOptions = {
  /** The form whose fields the answer's field errors belong to. */
  form?: FormInstance;
  fieldNames?: Record<string, string>;
};

/**
 * `showFailure(sentence, error, {form})`: the toast of a failed change, with field errors
 * set on `form`. `sentence` as lib/errorText.ts's describeFailure reads it.
 */
export function useShowFailure() {
  const { notification } = useFeedback();
  const queryClient = useQueryClient();
  return useCallback(
    (sentence: string, error: unknown, { form, fieldNames }: NoticeOptions = {}): Failure => {
      const failure = describeFailure(sentence, error);
      if (form) showFieldErrors(form, failure.fieldErrors, fieldNames);
      // The trial ended while the screen was open: its buttons now say so too (components/TrialLock.tsx).
      if (failure.isPaymentRequired) void queryClient.invalidateQueries({ queryKey: rootKey("company") });
      notification.error({ title: failure.title, description: <FailureDetail failure={failure} /> });
      return failure;
    },
    [notification, queryClient],
  );
}
