/**
 * TRUST_PROXY names which proxies' forwarded headers count (docs/auth.md):
 * a hop count or a list of addresses and subnets, never "true", which would let
 * anyone reaching the port choose the address every limit counts by.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";

const trustProxyOf = (TRUST_PROXY: string | undefined) =>
  loadConfig({ SESSION_SECRET: "secret", TRUST_PROXY }).trustProxy;

describe("TRUST_PROXY", () => {
  it("takes a hop count or a list of addresses, subnets and range names", () => {
    expect(trustProxyOf(undefined)).toBeUndefined();
    expect(trustProxyOf("")).toBeUndefined();
    expect(trustProxyOf("1")).toBe(1);
    expect(trustProxyOf("2")).toBe(2);
    expect(trustProxyOf("loopback")).toEqual(["loopback"]);
    expect(trustProxyOf("10.0.0.0/8, 127.0.0.1, ::1, fd00::/8, uniquelocal")).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "fd00::/8",
      "uniquelocal",
    ]);
  });

  it('refuses "true" at boot with a message that says why', () => {
    for (const value of ["true", "TRUE"]) {
      expect(() => trustProxyOf(value)).toThrow(
        /TRUST_PROXY: must be a hop count \(e\.g\. 1\) or a comma-separated list .*not "true": "true" trusts every address a client writes in X-Forwarded-For/,
      );
    }
  });

  it("refuses what is neither a count nor addresses", () => {
    for (const value of ["yes", "10.0.0.0/33", "proxy.example", "1.5"]) {
      expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY: must be a hop count/);
    }
  });
});
