/**
 * The security headers of every answer (helmet): the Content-Security-Policy and the rest.
 * They are the same for every request, so the fast lane (./fast-lane.ts) sends the very
 * headers this middleware sets, read from it once at start-up.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { config } from "@sched/core/config";
import helmet from "helmet";

export const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      "default-src": ["'self'"],
      "script-src": ["'self'", "https://js.stripe.com"],
      // antd writes its CSS-in-JS into <style> tags at run time.
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:", "blob:"],
      "connect-src": ["'self'", "ws:", "wss:", "https://api.stripe.com"],
      "frame-src": ["'self'", "https://js.stripe.com", "https://hooks.stripe.com"],
      // The installable app: its service worker and manifest come from here (docs/offline.md).
      "worker-src": ["'self'"],
      "manifest-src": ["'self'"],
      "upgrade-insecure-requests": config.isHttps ? [] : null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers the middleware sets, as [name, value] pairs in its order. */
export function securityHeaderPairs(): [string, string][] {
  const pairs = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      pairs.set(name, String(value));
    },
    removeHeader: (name: string) => {
      pairs.delete(name);
    },
  };
  let isDone = false;
  securityHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    isDone = true;
  });
  // helmet sets everything synchronously; anything else would make the copy wrong.
  if (!isDone) throw new Error("security headers were not set synchronously");
  return [...pairs];
}
