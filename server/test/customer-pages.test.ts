/**
 * What the server adds for the customer's pages (docs/customer-pages.md): the windows the
 * visit page's Reschedule offers, and the booking page alone framable by other sites.
 */
import { db } from "@sched/core/db/client";
import { jobs } from "@sched/core/db/schema";
import { VISIT_LINK_NOT_VALID } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "../src/http/security-headers";
import { anonymous } from "./support";
import { buildVisitTenant } from "./visit-support";

const windowsOf = (token: string, query = "") =>
  anonymous().get(`/api/public/visits/${token}/windows${query}`);

describe("GET /api/public/visits/:token/windows", () => {
  it("offers the windows the visit may move to, its own place never blocking it", async () => {
    const { job, token, date } = await buildVisitTenant();
    // Three hours: while the job is there no other visit fits its 8-10 window, yet it may stay.
    await db.update(jobs).set({ durationMinutes: 180 }).where(eq(jobs.id, job.id));
    const res = await windowsOf(token, `?from=${date}&days=1`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(res.body.every((window: { date: string }) => window.date === date)).toBe(true);
    expect(res.body).toContainEqual({ date, start: "08:00", end: "10:00" });
  });

  it("is the visit's same 404 for a bad link, 400 for a bad query and 409 past the cutoff", async () => {
    const { job, token } = await buildVisitTenant();
    const forged = await windowsOf(`${token.slice(0, -2)}xx`);
    expect([forged.status, forged.body.message]).toEqual([404, VISIT_LINK_NOT_VALID]);
    const tooMany = await windowsOf(token, "?days=90");
    expect(tooMany.status).toBe(400);
    const soon = new Date(Date.now() + 3 * 3_600_000);
    await db
      .update(jobs)
      .set({
        date: soon.toISOString().slice(0, 10),
        time: soon.toISOString().slice(11, 16),
        arrivalWindow: null,
      })
      .where(eq(jobs.id, job.id));
    const closed = await windowsOf(token);
    expect([closed.status, closed.body.message]).toEqual([
      409,
      "Changes close 24 hours before the visit: please call us",
    ]);
  });
});

describe("framing", () => {
  // The headers as every page gets them: the tests' app has no client build to answer pages with.
  const pages = express()
    .use(securityHeaders)
    .get("/{*path}", (_req, res) => {
      res.send("<!doctype html><title>page</title>");
    });

  it("lets any site frame the booking page, and nothing else", async () => {
    const booking = await request(pages).get("/book/acme-plumbing");
    expect(booking.headers["x-frame-options"]).toBeUndefined();
    expect(booking.headers["content-security-policy"]).toContain("frame-ancestors *");
    // The policy is otherwise the app's: no inline script.
    expect(booking.headers["content-security-policy"]).toContain("script-src 'self' https://js.stripe.com;");
    for (const path of ["/", "/book", "/BOOKS/x", "/visit/a-token", "/login", "/api/health"]) {
      const res = await request(pages).get(path);
      expect(res.headers["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(res.headers["content-security-policy"], path).toContain("frame-ancestors 'self'");
    }
  });
});
