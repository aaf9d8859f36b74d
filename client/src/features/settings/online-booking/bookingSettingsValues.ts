/**
 * The booking settings form's values and how they read in "Keep their change / Apply my
 * change" (useStaleChange). The form holds the settings' own shape, less what the server
 * decides (the page's full address and the version); a price reads in whole currency
 * units here and travels in cents.
 */
import {
  type BookingSettingsDTO,
  CUSTOMER_MESSAGE_KINDS,
  type TBookingSettingsUpdate,
} from "@sched/shared-types";
import { ApiError, isApiError } from "../../../lib/api";
import { formatHour, formatTime } from "../../../lib/dates";
import type { FieldLabels, Versioned } from "../../../lib/staleChange";

type FormService = Omit<BookingSettingsDTO["services"][number], "priceFrom"> & { priceFrom: number | null };

export type BookingFormValues = Omit<BookingSettingsDTO, "url" | "version" | "slug" | "services"> & {
  slug: string;
  services: FormService[];
};

const CENTS = 100;

export function toFormValues(settings: BookingSettingsDTO): BookingFormValues {
  // A stale answer's row carries the id it was given (withSettingsId): not a field.
  const {
    url: _url,
    version: _version,
    id: _id,
    ...values
  } = settings as BookingSettingsDTO & { id?: string };
  return {
    ...values,
    slug: settings.slug ?? "",
    services: settings.services.map((service) => ({
      ...service,
      priceFrom: service.priceFrom === undefined ? null : service.priceFrom / CENTS,
    })),
  };
}

const orNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** What the form sends: an empty box is null (a message's default text, no review link). */
export function toChange(values: BookingFormValues): Omit<TBookingSettingsUpdate, "version"> {
  return {
    ...values,
    slug: orNull(values.slug),
    phone: orNull(values.phone),
    reviewUrl: orNull(values.reviewUrl),
    services: (values.services ?? []).map(({ priceFrom, ...service }) => ({
      ...service,
      requiredSkills: service.requiredSkills ?? [],
      ...(priceFrom === null || priceFrom === undefined ? {} : { priceFrom: Math.round(priceFrom * CENTS) }),
    })),
    windows: values.windows ?? [],
    messages: Object.fromEntries(
      CUSTOMER_MESSAGE_KINDS.map((kind) => [kind, orNull(values.messages?.[kind])]),
    ) as BookingFormValues["messages"],
  };
}

const onOff = (value: boolean) => (value ? "On" : "Off");

export const BOOKING_LABELS: FieldLabels<BookingFormValues> = {
  enabled: { label: "Take bookings online", show: onOff },
  slug: { label: "Page address" },
  phone: { label: "Phone customers call" },
  services: {
    label: "Services offered",
    show: (services) =>
      services.map((service) => `${service.jobType} (${service.durationMinutes} min)`).join(", "),
  },
  windows: {
    label: "Arrival windows",
    show: (windows) => windows.map((w) => `${formatTime(w.start)}–${formatTime(w.end)}`).join(", "),
  },
  leadHours: { label: "Lead time (hours)" },
  horizonDays: { label: "Days ahead" },
  dailyCap: { label: "Bookings a day at most" },
  approveFirst: { label: "Approve each booking first", show: onOff },
  cutoffHours: { label: "Changes until (hours before)" },
  reminderHour: { label: "Reminder hour", show: (hour) => formatHour(`${String(hour).padStart(2, "0")}:00`) },
  reviewUrl: { label: "Review link" },
  messages: {
    label: "Message texts",
    show: (messages) =>
      CUSTOMER_MESSAGE_KINDS.map((kind) => messages[kind] ?? "")
        .filter(Boolean)
        .join(" / "),
  },
};

/** The settings as the stale choice reads them: the company's one row, with an id. */
export type VersionedSettings = BookingSettingsDTO & Versioned;

/**
 * A 409 `stale` answer whose `current` carries an id (the choice's dialog needs one); the
 * settings have none of their own, so the answer is read as the company's row.
 */
export function withSettingsId(error: unknown, companyId: string): unknown {
  if (!isApiError(error, "stale") || !error.body) return error;
  const current = (error.body as { current?: unknown }).current;
  if (typeof current !== "object" || current === null || "id" in current) return error;
  const body = { ...error.body, current: { ...current, id: `booking-settings:${companyId}` } };
  return new ApiError(error.status, JSON.stringify(body));
}

/** An API field path ("services.0.durationMinutes") as the form names it (["services", 0, ...]). */
export const formPath = (path: string): (string | number)[] =>
  path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
