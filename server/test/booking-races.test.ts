/**
 * Booking online under pressure (docs/booking.md): two people on a window's last place
 * (one gets it, the other 409 window_taken), a repeat with the same Idempotency-Key (one
 * booking), and the abuse limits: per network, per address, 3 open bookings per phone.
 */
import { db } from "@sched/core/db/client";
import { bookings, jobs } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { BOOKING_MESSAGES } from "@sched/shared-types";
import { eq, sql } from "drizzle-orm";
import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { freshIp, openBookingPage, weekdayAfter } from "./booking-support";
import { anonymous } from "./support";

const DAY = weekdayAfter(4);

const booking = (overrides: Record<string, unknown> = {}) => ({
  service: "Repair",
  address: "10001",
  date: DAY,
  start: "08:00",
  name: "Rae Racer",
  phone: "+15550100601",
  ...overrides,
});

const post = (slug: string, body: object, ip = freshIp(), key?: string) => {
  const request = anonymous().post(`/api/public/companies/${slug}/bookings`).set("X-Forwarded-For", ip);
  return (key ? request.set("Idempotency-Key", key) : request).send(body);
};

/** One technician and one 08–10 window for a 4-hour job: the day has one place. */
async function onePlace() {
  const tenant = await buildTenant();
  const slug = await openBookingPage(tenant.company.id, {
    windows: [{ start: "08:00", end: "10:00" }],
    services: [{ jobType: "Repair", durationMinutes: 240, requiredSkills: [] }],
  });
  return { ...tenant, slug };
}

const onlineJobs = (companyId: string) =>
  db
    .select()
    .from(jobs)
    .where(eq(jobs.companyId, companyId))
    .then((rows) => rows.filter((row) => row.source === "online"));

describe("the last place of a window", () => {
  it("goes to one of two people booking at once; the other is told to pick another", async () => {
    const { company, slug } = await onePlace();
    // Open the pool's connections first: on a loaded 2-core machine a new connection can take
    // longer than the pool's 1 s to connect (503), and this test is about the lock, not that.
    await Promise.all([1, 2, 3, 4].map(() => db.execute(sql`select pg_sleep(0.05)`)));
    const answers = await Promise.all([
      post(slug, booking({ phone: "+15550100602" })),
      post(slug, booking({ phone: "+15550100603", name: "Sam Second" })),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const lost = answers.find((answer) => answer.status === 409) as Response;
    expect(lost.body).toEqual({ code: "window_taken", message: "That window was just taken: pick another" });
    expect(await onlineJobs(company.id)).toHaveLength(1);
    // The window is no longer offered.
    const windows = await anonymous()
      .get(`/api/public/companies/${slug}/windows`)
      .query({ service: "Repair", address: "10001", from: DAY, days: "1" });
    expect(windows.body).toEqual([]);
  });
});

describe("Idempotency-Key", () => {
  it("answers a repeat with the first booking, made once; the key with another body is 422", async () => {
    const { company, slug } = await onePlace();
    const key = `book-${company.id}`;
    const first = await post(slug, booking(), freshIp(), key);
    const again = await post(slug, booking(), freshIp(), key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(await onlineJobs(company.id)).toHaveLength(1);

    const other = await post(slug, booking({ name: "Someone Else" }), freshIp(), key);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
  });

  it("makes one booking of two repeats sent at once", async () => {
    const { company, slug } = await onePlace();
    const key = `twice-${company.id}`;
    const answers = await Promise.all([
      post(slug, booking(), freshIp(), key),
      post(slug, booking(), freshIp(), key),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[0].body).toEqual(answers[1].body);
    expect(await onlineJobs(company.id)).toHaveLength(1);
  });
});

describe("abuse limits", () => {
  it("answers 429 from one network's 11th booking in an hour", async () => {
    const { slug } = await onePlace();
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      const answer = await post(slug, booking({ address: `1000${i}`, phone: `+1555010070${i}` }), ip);
      expect([201, 409]).toContain(answer.status);
    }
    const refused = await post(slug, booking({ address: "10020", phone: "+15550100720" }), ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: "rate_limited",
      message: "Too many bookings were made from this network. Try again in 60 minutes.",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
  });

  it("answers 429 from one address's 6th booking in a day, whatever the network", async () => {
    const { slug } = await onePlace();
    for (let i = 0; i < 5; i++) await post(slug, booking({ phone: `+1555010080${i}` }));
    const refused = await post(slug, booking({ phone: "+15550100810" }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many bookings were made for this address. Try again in 24 hours.");
  });

  it("refuses a 4th open booking for one phone number, and one for its e-mail", async () => {
    const { company } = await buildTenant();
    const slug = await openBookingPage(company.id);
    const starts = ["08:00", "10:00", "13:00"];
    for (const start of starts) {
      const made = await post(
        slug,
        booking({ start, email: "many@example.test", address: `2000${start[1]}` }),
      );
      expect(made.status).toBe(201);
    }
    const fourth = await post(slug, booking({ start: "15:00", address: "20009" }));
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({ code: "conflict", message: BOOKING_MESSAGES.tooMany });
    const byEmail = await post(
      slug,
      booking({ start: "15:00", phone: null, email: "MANY@example.test", address: "20008" }),
    );
    expect(byEmail.status).toBe(409);
    // A booking the office cancelled is no longer open: the customer may book again.
    const [first] = await db.select().from(bookings).where(eq(bookings.companyId, company.id)).limit(1);
    await db
      .update(jobs)
      .set({ status: "cancelled" })
      .where(eq(jobs.id, first.jobId ?? ""));
    expect((await post(slug, booking({ start: "15:00", address: "20007" }))).status).toBe(201);
  });
});
