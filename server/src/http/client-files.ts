/**
 * The built client (client/dist): hashed files under /assets are cached for a year and
 * never revalidated; everything else (index.html, the service worker, the manifest) is
 * revalidated on every load, so a new release reaches the browser at once. Text files go
 * out brotli- or gzip-compressed when the browser accepts it, from the copies the build
 * wrote next to them (client/build/precompress.ts); nothing is compressed per
 * request.
 */
import path from "node:path";
import type { Express } from "express";
import expressStaticGzip from "express-static-gzip";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

/** The paths that customer.html answers: /book/<slug> and /visit/<token>. */
export const CUSTOMER_PAGES = ["/book/{*path}", "/visit/{*path}", "/quote/{*path}", "/invoice/{*path}"];

export function serveClientFiles(app: Express, clientDist: string) {
  const compressed = { enableBrotli: true, orderPreference: ["br", "gzip"], index: false as const };
  app.use(
    "/assets",
    expressStaticGzip(path.join(clientDist, "assets"), {
      ...compressed,
      serveStatic: {
        fallthrough: false,
        cacheControl: false,
        setHeaders: (res) => res.setHeader("Cache-Control", IMMUTABLE),
      },
    }),
  );
  const rootFiles = expressStaticGzip(clientDist, {
    ...compressed,
    serveStatic: {
      index: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader("Cache-Control", REVALIDATE),
    },
  });
  app.use(rootFiles);
  // The customer's pages (docs/customer-pages.md) are their own light page, not the office
  // app; a visit's page is nobody's search result.
  app.get(CUSTOMER_PAGES, (req, res, next) => {
    if (/^\/(visit|quote|invoice)/i.test(req.path)) res.setHeader("X-Robots-Tag", "noindex");
    req.url = "/customer.html";
    rootFiles(req, res, next);
  });
  // The client router owns every other path, the 404 page included: each gets index.html.
  app.get("/{*path}", (req, res, next) => {
    req.url = "/index.html";
    rootFiles(req, res, next);
  });
}
