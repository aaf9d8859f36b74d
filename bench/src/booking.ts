/**
 * Online booking (docs/booking.md) as customers load it: a company of 15 technicians with
 * 300 jobs over the next two weeks, placed around Springfield, IL (so every window weighs
 * the drive from its neighbours), its page on with one service.
 *
 * Rows: the windows for 14 days at 20 concurrent visitors (p95 <= 200 ms); a booking
 * (p95 <= 300 ms), 4 customers at a time each taking a window offered to them, so some
 * lose the race (409 window_taken, counted, as a real page would show the windows again).
 */
import { addDays, dateIn } from "@sched/shared-types";
import pg from "pg";
import { type BenchSection, load, percentile, request, verdict } from "./harness";
import { registerOwner, seedWeek } from "./seed-week";

const WINDOWS_P95_MS = 200;
const BOOKING_P95_MS = 300;
const TECHNICIANS = 15;
const BOOKINGS = 120;
/** A ZIP of Springfield, IL: the offline places answer it (docs/places.md). */
const ADDRESS = "62704";

export const bookingBench: BenchSection = {
  name: "booking",
  run: async (context) => {
    const owner = await registerOwner(context.appUrl, `${context.runId}-booking`, "Bench Booking");
    const headers = { cookie: owner.cookie };
    const today = dateIn(new Date(), "UTC");
    // 15 technicians x 10 days x 2 jobs = 300 jobs from tomorrow on.
    await seedWeek(context.appUrl, context.databaseUrl, owner, addDays(today, 1), {
      employees: TECHNICIANS,
      days: 10,
      jobsPerDay: 2,
    });
    const client = new pg.Client({ connectionString: context.databaseUrl });
    await client.connect();
    try {
      // Every job somewhere in town (about 15 km across), so windows weigh real drives.
      await client.query(
        `update jobs set place_lat = 39.75 + random() * 0.13, place_lng = -89.72 + random() * 0.17,
                place_precision = 'street', place_address = location
         where company_id = $1`,
        [owner.companyId],
      );
    } finally {
      await client.end();
    }
    const settingsUrl = `${context.appUrl}/api/companies/${owner.companyId}/booking-settings`;
    const current = JSON.parse((await request(settingsUrl, { headers })).body.toString());
    const slug = `bench-${context.runId}`.replace(/_/g, "-").toLowerCase().slice(0, 40);
    const saved = await request(settingsUrl, {
      method: "PUT",
      headers,
      body: {
        enabled: true,
        slug,
        services: [{ jobType: "Repair", durationMinutes: 60, requiredSkills: [] }],
        leadHours: 0,
        horizonDays: 14,
        dailyCap: 500,
        version: current.version,
      },
    });
    if (saved.status !== 200) throw new Error(`booking settings: ${saved.status} ${saved.body}`);

    const publicUrl = `${context.appUrl}/api/public/companies/${slug}`;
    const windowsUrl = `${publicUrl}/windows?service=Repair&address=${ADDRESS}&from=${addDays(today, 1)}&days=14`;
    const windows = await load(windowsUrl, { expectStatus: 200, connections: 20, durationMs: 10_000 });
    const offered = JSON.parse((await request(windowsUrl)).body.toString()) as {
      date: string;
      start: string;
    }[];

    // Bookings: 4 at a time, each a new customer (phone, address) taking the next offered window.
    const times: number[] = [];
    let taken = 0;
    let next = 0;
    const customer = async () => {
      while (next < BOOKINGS && next < offered.length * 4) {
        const i = next++;
        const window = offered[i % offered.length]!;
        const t0 = performance.now();
        const res = await request(`${publicUrl}/bookings`, {
          method: "POST",
          headers: { "idempotency-key": `${context.runId}-${i}` },
          body: {
            service: "Repair",
            address: `${100 + i} Oak St, Springfield, IL ${ADDRESS}`,
            date: window.date,
            start: window.start,
            name: `Customer ${i}`,
            phone: `+1 217 555 ${String(1000 + i).padStart(4, "0")}`,
            website: "",
          },
        });
        times.push(performance.now() - t0);
        if (res.status === 409) taken++;
        else if (res.status !== 201)
          throw new Error(`booking: ${res.status} ${res.body.toString().slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, customer));
    times.sort((a, b) => a - b);
    const bookingP95 = percentile(times, 95);
    context.report("Online booking (15 technicians, 300 jobs, 14 days)", [
      `  windows: ${windows.requests} requests at 20 visitors, p50 ${windows.p50.toFixed(1)} ms, p95 ${windows.p95.toFixed(1)} ms, p99 ${windows.p99.toFixed(1)} ms; ${offered.length} windows offered`,
      `  bookings: ${times.length} (${taken} found their window taken), p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${bookingP95.toFixed(1)} ms`,
    ]);
    context.row({
      row: "Booking windows, 14 days, 15 technicians, 300 jobs, 20 visitors: p95",
      figure: `${windows.p95.toFixed(1)} ms`,
      budget: `<= ${WINDOWS_P95_MS} ms`,
      verdict: verdict(windows.p95 <= WINDOWS_P95_MS),
    });
    context.row({
      row: "An online booking: p95",
      figure: `${bookingP95.toFixed(1)} ms (${times.length} bookings, ${taken} lost the race)`,
      budget: `<= ${BOOKING_P95_MS} ms`,
      verdict: verdict(bookingP95 <= BOOKING_P95_MS),
    });
  },
};
