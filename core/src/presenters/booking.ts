/**
 * The booking answers (docs/booking.md): the office's settings, a request as the office
 * reads it, and what the public page shows of a company. The one place their JSON is shaped.
 */
import {
  type BookingRequestDTO,
  type BookingSettingsDTO,
  type BookingStatus,
  DEFAULT_BOOKING_WINDOWS,
  type JobType,
  type PublicBookingDTO,
} from "@sched/shared-types";
import { config } from "../config";
import type { bookingSettings, bookings } from "../db/schema";
import { presentPlace } from "./places";

export type BookingSettingsRow = typeof bookingSettings.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

/** What a company that never saved booking settings has: the columns' defaults, off. */
export const DEFAULT_BOOKING_SETTINGS: Omit<BookingSettingsRow, "companyId" | "createdAt" | "updatedAt"> = {
  enabled: false,
  slug: null,
  phone: null,
  services: [],
  windows: [...DEFAULT_BOOKING_WINDOWS],
  leadHours: 24,
  horizonDays: 14,
  dailyCap: 8,
  approveFirst: false,
  cutoffHours: 24,
  reviewUrl: null,
  messages: { confirmation: null, reminder: null, onTheWay: null, done: null, declined: null },
  version: 1,
  updatedBy: null,
};

export const bookingPageUrl = (slug: string) => `${config.appUrl}/book/${slug}`;

/** `reminderTime` is the company's notice setting ("17:00"): its hour is the reminder hour. */
export function presentBookingSettings(
  row: Omit<BookingSettingsRow, "companyId" | "createdAt" | "updatedAt"> | undefined,
  reminderTime: string,
): BookingSettingsDTO {
  const settings = row ?? DEFAULT_BOOKING_SETTINGS;
  return {
    enabled: settings.enabled,
    slug: settings.slug,
    url: settings.slug ? bookingPageUrl(settings.slug) : null,
    phone: settings.phone,
    services: settings.services.map((service) => ({
      jobType: service.jobType as JobType,
      durationMinutes: service.durationMinutes,
      requiredSkills: service.requiredSkills ?? [],
      ...(service.priceFrom === undefined || service.priceFrom === null
        ? {}
        : { priceFrom: service.priceFrom }),
    })),
    windows: settings.windows.map(({ start, end }) => ({ start, end })),
    leadHours: settings.leadHours,
    horizonDays: settings.horizonDays,
    dailyCap: settings.dailyCap,
    approveFirst: settings.approveFirst,
    cutoffHours: settings.cutoffHours,
    reminderHour: Number(reminderTime.slice(0, 2)),
    reviewUrl: settings.reviewUrl,
    messages: {
      ...DEFAULT_BOOKING_SETTINGS.messages,
      ...settings.messages,
      declined: settings.messages.declined ?? null,
    },
    version: settings.version,
  };
}

/** The public page's view: no skills, no caps, nothing of the office's. */
export function presentPublicBooking(companyName: string, row: BookingSettingsRow): PublicBookingDTO {
  return {
    name: companyName,
    phone: row.phone,
    services: row.services.map((service) => ({
      jobType: service.jobType as JobType,
      durationMinutes: service.durationMinutes,
      priceFrom: service.priceFrom ?? null,
    })),
    windows: row.windows.map(({ start, end }) => ({ start, end })),
    horizonDays: row.horizonDays,
    cutoffHours: row.cutoffHours,
  };
}

export function presentBookingRequest(row: BookingRow): BookingRequestDTO {
  return {
    id: row.id,
    companyId: row.companyId,
    jobId: row.jobId,
    customerId: row.customerId,
    service: row.service,
    durationMinutes: row.durationMinutes,
    address: row.address,
    place: presentPlace(row),
    date: row.requestedDate,
    window: { start: row.windowStart, end: row.windowEnd },
    name: row.name,
    phone: row.phone,
    email: row.email,
    note: row.note,
    status: row.status as BookingStatus,
    suggestion:
      row.suggestedEmployeeId && row.suggestedTime
        ? { employeeId: row.suggestedEmployeeId, time: row.suggestedTime }
        : null,
    declineMessage: row.declineMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
