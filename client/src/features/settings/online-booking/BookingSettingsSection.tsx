/**
 * Settings > Online booking (docs/booking-office.md): the booking page, the services and
 * windows it offers, the company's terms and the texts customers get. Owners and admins
 * change it; a save names the version it was opened at, and someone else's save in
 * between opens the choice every other form offers (useStaleChange).
 */
import { BOOKING_MESSAGES, type BookingSettingsDTO, ZBookingSettingsUpdate } from "@sched/shared-types";
import { Alert, Button, Form, Result, Skeleton } from "antd";
import { useEffect, useState } from "react";
import { useShowFailure } from "../../../components/FailureNotice";
import { useStaleChange } from "../../../components/useStaleChange";
import { isApiError } from "../../../lib/api";
import { changedSince, differingFields, intendedChange } from "../../../lib/staleChange";
import { useFeedback } from "../../../ui/feedback";
import { useCompanySettings } from "../useSettings";
import { BookingPageFields } from "./BookingPageFields";
import { BookingRulesFields } from "./BookingRulesFields";
import { BookingServicesField } from "./BookingServicesField";
import { BookingWindowsField } from "./BookingWindowsField";
import {
  BOOKING_LABELS,
  type BookingFormValues,
  formPath,
  toChange,
  toFormValues,
  type VersionedSettings,
  withSettingsId,
} from "./bookingSettingsValues";
import { MessageTextsFields } from "./MessageTextsFields";
import { useBookingSettings, useSaveBookingSettings } from "./useBookingSettings";
import "./online-booking.css";

type Props = { companyId: string; companyName: string; canEdit: boolean };

export function BookingSettingsSection({ companyId, companyName, canEdit }: Props) {
  const settings = useBookingSettings(companyId);
  const company = useCompanySettings(companyId);
  if (settings.isPending)
    return <Skeleton active paragraph={{ rows: 6 }} data-testid="booking-settings-loading" />;
  if (settings.isError) {
    return (
      <Result
        status="warning"
        title="The online booking settings could not be loaded"
        extra={<Button onClick={() => void settings.refetch()}>Try again</Button>}
        data-testid="booking-settings-error"
      />
    );
  }
  return (
    <BookingSettingsForm
      companyId={companyId}
      companyName={companyName}
      canEdit={canEdit}
      loaded={settings.data}
      skillsAndTypes={company.data}
    />
  );
}

function BookingSettingsForm({
  companyId,
  companyName,
  canEdit,
  loaded,
  skillsAndTypes,
}: Props & {
  loaded: BookingSettingsDTO;
  skillsAndTypes: Parameters<typeof BookingServicesField>[0]["settings"];
}) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const save = useSaveBookingSettings(companyId);
  const { resolveStale, staleDialog } = useStaleChange();
  const [form] = Form.useForm<BookingFormValues>();
  // The settings as the form shows them: a refetch meanwhile must not move the version the
  // save is made over, nor wipe what is being typed. A new version (saved, or theirs kept)
  // fills the form anew from the initial values it renders with.
  const [opened, setOpened] = useState(loaded);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new version only, on purpose.
  useEffect(() => form.resetFields(), [opened]);

  // Field errors beside their fields, list rows included ("services.0.durationMinutes").
  const setFieldErrors = (errors: { path: string; message: string }[]) => {
    const fields = errors.map((error) => ({ name: formPath(error.path), errors: [error.message] }));
    form.setFields(fields as Parameters<typeof form.setFields>[0]);
  };

  const submit = (values: BookingFormValues, version: number) => {
    // The server's own rules first, in its words, beside the fields.
    const parsed = ZBookingSettingsUpdate.safeParse(toChange(values));
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      }));
      setFieldErrors(errors);
      notification.error({ title: "Not saved", description: errors[0]?.message });
      return;
    }
    save.mutate(
      { ...parsed.data, version },
      {
        onSuccess: (saved) => {
          setOpened(saved);
          notification.success({ title: "Online booking saved" });
        },
        onError: (failure) => {
          const error = withSettingsId(failure, companyId);
          const mine = intendedChange(toFormValues(opened), values, BOOKING_LABELS);
          const isStale = resolveStale<VersionedSettings>(error, {
            root: "companies",
            describe: (current) => differingFields(mine, toFormValues(current), BOOKING_LABELS),
            theirs: (current) => changedSince(toFormValues(opened), toFormValues(current), BOOKING_LABELS),
            onApply: (current) => submit({ ...toFormValues(current), ...mine }, current.version),
            onKeep: (current) => setOpened(current),
          });
          if (isStale) return;
          showFailure("Not saved", error);
          if (isApiError(error, "validation")) setFieldErrors(error.errors);
          // Another company has the address: said beside it.
          if (isApiError(error, "conflict") && error.body?.message === BOOKING_MESSAGES.slugTaken) {
            setFieldErrors([{ path: "slug", message: BOOKING_MESSAGES.slugTaken }]);
          }
        },
      },
    );
  };

  return (
    <>
      {opened.enabled ? null : (
        <Alert
          className="settings__note"
          type="info"
          showIcon
          title="Online booking is off: customers cannot book on the page."
          data-testid="booking-off-note"
        />
      )}
      <Form<BookingFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!canEdit}
        initialValues={toFormValues(opened)}
        onFinish={(values) => submit(values, opened.version)}
        className="booking-settings"
        data-testid="booking-settings"
      >
        <BookingPageFields savedUrl={opened.url} companyName={companyName} />
        <BookingServicesField settings={skillsAndTypes} />
        <BookingWindowsField />
        <BookingRulesFields />
        <MessageTextsFields companyName={companyName} />
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="booking-save">
            Save online booking
          </Button>
        ) : null}
      </Form>
      {staleDialog}
    </>
  );
}
