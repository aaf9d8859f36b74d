/**
 * The money settings in Company Settings (docs/money.md): "Prices and tax" above the price
 * book, "Invoice details" under the logo, for owners and admins. Each card saves only what it
 * changed, with the version it opened; someone else's save meanwhile (409 stale) reloads
 * the card with their settings and asks for the change again.
 */
import { type MoneySettingsDTO, ZMoneySettingsUpdate } from "@sched/shared-types";
import { Alert, Button, Form, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { showFieldErrors, useShowFailure } from "../../components/FailureNotice";
import { ApiError } from "../../lib/api";
import { useFeedback } from "../../ui/feedback";
import { useMoneySettings } from "../price-book/usePriceBook";
import { DocumentFields, PricingFields } from "./MoneySettingsFields";
import {
  changedFields,
  fieldNamesOf,
  type MoneyCardPart,
  type MoneySettingsFormValues,
  sameInPart,
  staleSettingsOf,
  toFormValues,
} from "./moneySettingsValues";
import { useSaveMoneySettings, useTakeCurrentMoneySettings } from "./useSaveMoneySettings";

const TITLES: Record<MoneyCardPart, string> = { pricing: "Prices and tax", documents: "Invoice details" };

type Props = { companyId: string; part: MoneyCardPart };

export function MoneySettingsCard({ companyId, part }: Props) {
  const settings = useMoneySettings(companyId);
  if (settings.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (settings.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={`${TITLES[part]} could not be loaded`}
        action={<Button onClick={() => void settings.refetch()}>Try again</Button>}
      />
    );
  return <MoneySettingsForm companyId={companyId} part={part} current={settings.data} />;
}

function MoneySettingsForm({ companyId, part, current }: Props & { current: MoneySettingsDTO }) {
  const [form] = Form.useForm<MoneySettingsFormValues>();
  const save = useSaveMoneySettings(companyId);
  const takeCurrent = useTakeCurrentMoneySettings(companyId);
  const showFailure = useShowFailure();
  const { notification, message } = useFeedback();
  // The settings the form was filled from: what a save compares with and the version it names.
  const [opened, setOpened] = useState(current);
  // Counts re-fills: each resets the form to `opened` once it is the form's initialValues
  // (a remounted antd Form would keep the values it holds).
  const [drawn, setDrawn] = useState(0);
  const reopen = (settings: MoneySettingsDTO) => {
    setOpened(settings);
    setDrawn((count) => count + 1);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: on a re-fill only.
  useEffect(() => {
    if (drawn > 0) form.resetFields();
  }, [drawn]);

  // A newer version in the cache (the other card saved, a refetch): an untouched form shows
  // it; a touched one keeps what is typed, and moves to it only if this card's fields agree.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new version only, on purpose.
  useEffect(() => {
    if (current.version === opened.version) return;
    if (!form.isFieldsTouched()) reopen(current);
    else if (sameInPart(opened, current, part)) setOpened(current);
  }, [current.version]);

  // A field without rules keeps an error the server put on it until it is changed again.
  const clearAnswerErrors = (changed: Partial<MoneySettingsFormValues>) =>
    form.setFields(
      (Object.keys(changed) as (keyof MoneySettingsFormValues)[])
        .filter((name) => name !== "taxRates" && name !== "taxNumbers")
        .map((name) => ({ name, errors: [] })),
    );

  const onFinish = (values: MoneySettingsFormValues) => {
    const change = changedFields(opened, values, part);
    if (Object.keys(change).length === 0) {
      message.info("Nothing changed");
      return;
    }
    // Version 0 names the defaults never saved: a first save by someone else meanwhile is a 409.
    const parsed = ZMoneySettingsUpdate.safeParse({ ...change, version: opened.version });
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      }));
      showFieldErrors(form, errors, fieldNamesOf(errors));
      notification.error({ title: "Not saved", description: errors[0]?.message });
      return;
    }
    save.mutateAsync(parsed.data).then(
      (saved) => {
        reopen(saved);
        notification.success({ title: `${TITLES[part]} saved` });
      },
      async (error: unknown) => {
        const stale = staleSettingsOf(error);
        if (stale) {
          const now = await takeCurrent(stale.current);
          if (now) reopen(now);
          notification.warning({
            title: "Someone else changed the money settings",
            description: `${stale.message} They are shown as they are now: make your change again.`,
          });
          return;
        }
        const failure = showFailure("Not saved", error, {
          form,
          fieldNames: fieldNamesOf(error instanceof ApiError ? error.errors : []),
        });
        // "The currency cannot change once …" belongs beside the currency.
        if (error instanceof ApiError && error.status === 409 && "currency" in change && failure.detail)
          form.setFields([{ name: "currency", errors: [failure.detail] }]);
      },
    );
  };

  return (
    <Form<MoneySettingsFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={clearAnswerErrors}
      initialValues={toFormValues(opened)}
      aria-labelledby={`money-settings-${part}-heading`}
      data-testid={`money-settings-${part}`}
    >
      <h2 id={`money-settings-${part}-heading`} className="settings__legend">
        {TITLES[part]}
      </h2>
      {part === "pricing" ? <PricingFields /> : <DocumentFields />}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save {TITLES[part].toLowerCase()}
      </Button>
    </Form>
  );
}
