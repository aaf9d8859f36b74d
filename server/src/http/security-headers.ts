/** The security headers of every answer (helmet): the Content-Security-Policy and the rest. */
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
