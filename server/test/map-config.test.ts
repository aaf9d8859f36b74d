/**
 * The Map view's server side (docs/schedule.md, "Map"): GET /api/map-config answers the
 * basemap style (MAP_STYLE_URL, unset in tests: none), and the CSP lets MapLibre work: its
 * worker from a blob: URL, and a configured style's origin for its data and images.
 */
import { loadConfig } from "@sched/core/config";
import { buildTenant } from "@sched/core/test/factories";
import { describe, expect, it } from "vitest";
import { mapOriginsOf } from "../src/http/security-headers";
import { agentFor, anonymous } from "./support";

describe("GET /api/map-config", () => {
  it("asks for a session", async () => {
    const res = await anonymous().get("/api/map-config");
    expect(res.status).toBe(401);
  });

  it("answers no style without MAP_STYLE_URL, to every role", async () => {
    const { owner, employeeUser } = await buildTenant();
    for (const user of [owner, employeeUser]) {
      const res = await (await agentFor(user)).get("/api/map-config");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ styleUrl: null });
    }
  });

  it("is served under a CSP that allows MapLibre's worker and nothing external by default", async () => {
    const { owner } = await buildTenant();
    const res = await (await agentFor(owner)).get("/api/map-config");
    const csp = res.headers["content-security-policy"];
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toMatch(/connect-src 'self' ws: wss: https:\/\/api\.stripe\.com(;|$)/);
  });
});

describe("MAP_STYLE_URL", () => {
  it("is an http(s) URL, and its origin is what the CSP allows", () => {
    expect(loadConfig({ MAP_STYLE_URL: "https://tiles.example.com/styles/streets.json" }).mapStyleUrl).toBe(
      "https://tiles.example.com/styles/streets.json",
    );
    expect(loadConfig({}).mapStyleUrl).toBeUndefined();
    expect(() => loadConfig({ MAP_STYLE_URL: "ftp://tiles.example.com/style.json" })).toThrow(
      /MAP_STYLE_URL: must be an http\(s\) URL of a MapLibre style JSON/,
    );
    expect(mapOriginsOf("https://tiles.example.com:8443/styles/streets.json?key=1")).toEqual([
      "https://tiles.example.com:8443",
    ]);
    expect(mapOriginsOf(undefined)).toEqual([]);
  });
});
