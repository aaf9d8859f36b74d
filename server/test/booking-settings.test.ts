/**
 * Online booking settings (docs/booking.md): owners and admins read and change them, on the
 * version they read; the slug is checked and unique; the reminder hour is the company's
 * notice setting; the public page answers only while booking is on.
 */
import { db } from "@sched/core/db/client";
import { companySettings } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import {
  BOOKING_MESSAGES,
  type BookingSettingsDTO,
  ZBookingSettings,
  ZPublicBooking,
} from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openBookingPage } from "./booking-support";
import { agentFor, anonymous } from "./support";

const settingsUrl = (companyId: string) => `/api/companies/${companyId}/booking-settings`;

describe("GET/PUT /api/companies/:companyId/booking-settings", () => {
  it("answers the defaults, off, to owners and admins; 401 signed out, 403 for a technician", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    expect((await anonymous().get(settingsUrl(company.id))).status).toBe(401);
    const technician = await agentFor(employeeUser);
    const refused = await technician.get(settingsUrl(company.id));
    expect(refused.status).toBe(403);
    expect((await technician.put(settingsUrl(company.id)).send({ leadHours: 2 })).status).toBe(403);
    for (const user of [owner, admin]) {
      const res = await (await agentFor(user)).get(settingsUrl(company.id));
      expect(res.status).toBe(200);
      expect(ZBookingSettings.parse(res.body)).toEqual(res.body);
      expect(res.body).toEqual({
        enabled: false,
        slug: null,
        url: null,
        phone: null,
        services: [],
        windows: [
          { start: "08:00", end: "10:00" },
          { start: "10:00", end: "12:00" },
          { start: "13:00", end: "15:00" },
          { start: "15:00", end: "17:00" },
        ],
        leadHours: 24,
        horizonDays: 14,
        dailyCap: 8,
        approveFirst: false,
        cutoffHours: 24,
        reminderHour: 17,
        reviewUrl: null,
        messages: { confirmation: null, reminder: null, onTheWay: null, done: null, declined: null },
        version: 1,
      });
    }
  });

  it("saves on the version read, writes the reminder hour to the company's reminder time, 409 stale after", async () => {
    const { company, admin } = await buildTenant();
    const agent = await agentFor(admin);
    const slug = `acme-${company.id.slice(0, 8)}`;
    const saved = await agent.put(settingsUrl(company.id)).send({
      enabled: true,
      slug,
      phone: "(555) 010-0199",
      services: [{ jobType: "Repair", durationMinutes: 90, priceFrom: 8900 }],
      approveFirst: true,
      reminderHour: 8,
      messages: { reminder: "See you tomorrow, {customerFirstName}" },
      version: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      enabled: true,
      slug,
      url: expect.stringMatching(new RegExp(`/book/${slug}$`)),
      phone: "+15550100199",
      services: [{ jobType: "Repair", durationMinutes: 90, requiredSkills: [], priceFrom: 8900 }],
      approveFirst: true,
      reminderHour: 8,
      messages: {
        confirmation: null,
        reminder: "See you tomorrow, {customerFirstName}",
        onTheWay: null,
        done: null,
        declined: null,
      },
      version: 2,
    } satisfies Partial<BookingSettingsDTO>);
    const [stored] = await db.select().from(companySettings).where(eq(companySettings.companyId, company.id));
    expect(stored.reminderTime).toBe("08:00");
    // Turning the page on turned the customer notices on: whoever books online is told.
    expect(stored.customerNotices).toBe(true);

    const stale = await agent.put(settingsUrl(company.id)).send({ dailyCap: 3, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "stale", current: { version: 2, dailyCap: 8 } });
  });

  it("refuses a bad slug, a taken slug, unknown skills and turning on without a slug or services", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const agent = await agentFor(owner);
    const bad = await agent.put(settingsUrl(company.id)).send({ slug: "Acme Plumbing" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Slug must be 3 to 40 lowercase letters, digits or hyphens");
    expect(bad.body.errors).toEqual([{ path: "slug", message: BOOKING_MESSAGES.slug }]);

    const taken = `taken-${other.company.id.slice(0, 8)}`;
    await openBookingPage(other.company.id, { slug: taken });
    const clash = await agent.put(settingsUrl(company.id)).send({ slug: taken });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({ code: "conflict", message: BOOKING_MESSAGES.slugTaken });

    const skills = await agent
      .put(settingsUrl(company.id))
      .send({ services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: ["gas"] }] });
    expect(skills.status).toBe(400);
    expect(skills.body.errors).toEqual([
      { path: "services.0.requiredSkills", message: "Unknown skill: gas" },
    ]);

    const noSlug = await agent.put(settingsUrl(company.id)).send({ enabled: true });
    expect(noSlug.status).toBe(400);
    expect(noSlug.body.message).toBe(BOOKING_MESSAGES.enableWithoutSlug);
    const noServices = await agent
      .put(settingsUrl(company.id))
      .send({ enabled: true, slug: `mine-${company.id.slice(0, 8)}` });
    expect(noServices.status).toBe(400);
    expect(noServices.body.message).toBe(BOOKING_MESSAGES.enableWithoutServices);

    const window = await agent
      .put(settingsUrl(company.id))
      .send({ windows: [{ start: "10:00", end: "09:00" }] });
    expect(window.status).toBe(400);
    expect(window.body.message).toBe(BOOKING_MESSAGES.windowOrder);
    const cap = await agent.put(settingsUrl(company.id)).send({ dailyCap: 0 });
    expect(cap.body.message).toBe(BOOKING_MESSAGES.dailyCap);

    const placeholder = await agent
      .put(settingsUrl(company.id))
      .send({ messages: { reminder: "See you {tomorow}" } });
    expect(placeholder.status).toBe(400);
    expect(placeholder.body.errors[0]).toMatchObject({ path: "messages.reminder" });
    expect(placeholder.body.message).toMatch(/^Unknown placeholder \{tomorow\}: use /);
  });

  it("opens the public page only while booking is on: name, services with length and price, windows, phone", async () => {
    const { company, owner } = await buildTenant();
    const slug = await openBookingPage(company.id);
    const page = await anonymous().get(`/api/public/companies/${slug}/booking`);
    expect(page.status).toBe(200);
    expect(ZPublicBooking.parse(page.body)).toEqual(page.body);
    expect(page.body).toEqual({
      name: company.name,
      phone: "+15550100100",
      services: [{ jobType: "Repair", durationMinutes: 60, priceFrom: 9500 }],
      windows: [
        { start: "08:00", end: "10:00" },
        { start: "10:00", end: "12:00" },
        { start: "13:00", end: "15:00" },
        { start: "15:00", end: "17:00" },
      ],
      horizonDays: 14,
      cutoffHours: 24,
    });
    // Upper case is the same page.
    expect((await anonymous().get(`/api/public/companies/${slug.toUpperCase()}/booking`)).status).toBe(200);

    await (await agentFor(owner)).put(settingsUrl(company.id)).send({ enabled: false });
    for (const path of [slug, "no-such-company"]) {
      const closed = await anonymous().get(`/api/public/companies/${path}/booking`);
      expect(closed.status).toBe(404);
      expect(closed.body).toEqual({ code: "not_found", message: "Online booking is not available" });
    }
  });
});
