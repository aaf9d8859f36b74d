/** The security headers of every answer (helmet): the Content-Security-Policy and the rest. */
import { config } from "@sched/core/config";
import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * The Map view's basemap (MAP_STYLE_URL, docs/schedule.md "Map"): its style, tiles, sprites and fonts are
 * fetched from the style's origin, so that origin is allowed to connect and to give images.
 * Tiles on another host need that host in the style's own origin, or a proxy under it.
 */
export const mapOriginsOf = (styleUrl: string | undefined): string[] =>
  styleUrl ? [new URL(styleUrl).origin] : [];
const mapOrigins = mapOriginsOf(config.mapStyleUrl);

const directives = {
  "default-src": ["'self'"],
  "script-src": ["'self'", "https://js.stripe.com"],
  // antd writes its CSS-in-JS into <style> tags at run time.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:", ...mapOrigins],
  "connect-src": ["'self'", "ws:", "wss:", "https://api.stripe.com", ...mapOrigins],
  "frame-src": ["'self'", "https://js.stripe.com", "https://hooks.stripe.com"],
  // The installable app: its service worker and manifest come from here (docs/offline.md).
  // The map (MapLibre GL) runs its tile work in a web worker made from a blob: URL.
  "worker-src": ["'self'", "blob:"],
  "manifest-src": ["'self'"],
  "upgrade-insecure-requests": config.isHttps ? [] : null,
};

/** Every answer but the booking page's: no other site may frame it (helmet's frame-ancestors 'self', X-Frame-Options). */
const everywhere = helmet({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });

/**
 * The booking page (/book/<slug>, docs/customer-pages.md) is made to sit in an iframe on
 * the company's own site, whichever that is: any page may frame it. Nothing else is framed.
 */
const framable = helmet({
  contentSecurityPolicy: { directives: { ...directives, "frame-ancestors": ["*"] } },
  crossOriginEmbedderPolicy: false,
  xFrameOptions: false,
});

export const isBookingPage = (path: string) => /^\/book\/./i.test(path);

export const securityHeaders: RequestHandler = (req, res, next) =>
  (isBookingPage(req.path) ? framable : everywhere)(req, res, next);
