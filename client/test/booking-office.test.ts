import type { BookingSettingsDTO } from "@sched/shared-types";
import { describe, expect, it } from "vitest";
import {
  formPath,
  toChange,
  toFormValues,
  type VersionedSettings,
  withSettingsId,
} from "../src/features/settings/online-booking/bookingSettingsValues";
import { ApiError } from "../src/lib/api";
import { staleAnswerOf } from "../src/lib/staleChange";
import { queryRootsFor } from "../src/realtime/useRealtime";

const COMPANY = "11111111-1111-4111-8111-111111111111";

const SETTINGS: BookingSettingsDTO = {
  enabled: true,
  slug: "acme",
  url: "https://app.example.com/book/acme",
  phone: null,
  services: [
    { jobType: "Repair", durationMinutes: 90, requiredSkills: ["gas"], priceFrom: 4950 },
    { jobType: "Inspection", durationMinutes: 60, requiredSkills: [] },
  ],
  windows: [{ start: "08:00", end: "10:00" }],
  leadHours: 2,
  horizonDays: 14,
  dailyCap: 20,
  approveFirst: true,
  cutoffHours: 24,
  reminderHour: 17,
  reviewUrl: null,
  messages: {
    confirmation: "Hi {customerFirstName}",
    reminder: null,
    onTheWay: null,
    done: null,
    declined: null,
  },
  version: 3,
};

describe("the booking settings form's values", () => {
  it("reads prices in currency units and sends them back in cents, none left out", () => {
    const values = toFormValues(SETTINGS);
    expect(values.services.map((service) => service.priceFrom)).toEqual([49.5, null]);
    const change = toChange(values);
    expect(change.services).toEqual([
      { jobType: "Repair", durationMinutes: 90, requiredSkills: ["gas"], priceFrom: 4950 },
      { jobType: "Inspection", durationMinutes: 60, requiredSkills: [] },
    ]);
    expect(change).not.toHaveProperty("url");
    expect(change).not.toHaveProperty("version");
  });

  it("sends an empty box as null: a message's default text, no slug, no review link", () => {
    const values = toFormValues({ ...SETTINGS, slug: null });
    expect(values.slug).toBe("");
    const change = toChange({
      ...values,
      reviewUrl: "  ",
      messages: { confirmation: "  ", reminder: "See you {date}", onTheWay: null, done: "", declined: null },
    });
    expect(change).toMatchObject({ slug: null, reviewUrl: null });
    expect(change.messages).toEqual({
      confirmation: null,
      reminder: "See you {date}",
      onTheWay: null,
      done: null,
      declined: null,
    });
  });

  it("names a list row's field as the form does", () => {
    expect(formPath("services.1.durationMinutes")).toEqual(["services", 1, "durationMinutes"]);
    expect(formPath("slug")).toEqual(["slug"]);
  });
});

describe("a stale save of the booking settings", () => {
  const stale = (current: unknown) =>
    new ApiError(
      409,
      JSON.stringify({ code: "stale", message: "Olive Owner changed the booking page", current }),
    );

  it("reads the settings as the company's row, so the choice of whose change stays can open", () => {
    expect(staleAnswerOf(stale({ ...SETTINGS, version: 4 }))).toBeNull();
    const answer = staleAnswerOf<VersionedSettings>(
      withSettingsId(stale({ ...SETTINGS, version: 4 }), COMPANY),
    );
    expect(answer?.current).toMatchObject({ id: `booking-settings:${COMPANY}`, version: 4, slug: "acme" });
    expect(answer?.message).toBe("Olive Owner changed the booking page");
    // The id it is given is no field of the form.
    expect(answer && toFormValues(answer.current)).not.toHaveProperty("id");
  });

  it("leaves any other failure as it was", () => {
    const other = new ApiError(400, JSON.stringify({ code: "validation", message: "Bad", errors: [] }));
    expect(withSettingsId(other, COMPANY)).toBe(other);
  });
});

describe("booking events", () => {
  it("refresh the board's requests", () => {
    expect(queryRootsFor("booking.requested")).toEqual(["booking-requests"]);
    expect(queryRootsFor("booking.updated")).toEqual(["booking-requests"]);
  });
});
