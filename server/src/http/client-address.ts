/**
 * The client's address as the abuse limits count it (docs/auth.md), in
 * one form whatever the socket's family: an IPv4 client reached over a dual-stack socket
 * shows as `::ffff:127.0.0.1`, and IPv6 may be written in upper case or uncompressed, and
 * each spelling would otherwise be a key of its own with its own budget.
 */
import { isIPv6 } from "node:net";
import type { Request } from "express";

// How the URL parser writes an IPv4-mapped address: ::ffff:7f00:1 for ::ffff:127.0.0.1.
const IPV4_MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** `::ffff:a.b.c.d` becomes `a.b.c.d`; other IPv6 lower case and compressed (RFC 5952, as URL writes it). */
export function normalizeAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  if (!isIPv6(lower)) return lower;
  // The URL parser writes IPv6 compressed and in lower case; a zone id (fe80::1%eth0) it refuses.
  const canonical = URL.canParse(`http://[${lower}]/`)
    ? new URL(`http://[${lower}]/`).hostname.slice(1, -1)
    : lower;
  const mapped = IPV4_MAPPED.exec(canonical);
  if (!mapped) return canonical;
  const [high, low] = [Number.parseInt(mapped[1], 16), Number.parseInt(mapped[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** The address every per-network limit counts under: Express's `req.ip` (TRUST_PROXY applied), normalized. */
export function clientAddress(req: Request): string {
  return req.ip ? normalizeAddress(req.ip) : "unknown";
}
