/**
 * Builds the Express app without listening: the middleware order in one place.
 * Tests build it with supertest; index.ts serves it with the gateway.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { config, ROOT_DIR } from "@sched/core/config";
import compression from "compression";
import express, { type Express } from "express";
import { loadUser, sessionMiddleware } from "./auth/session";
import { accessLog } from "./http/access-log";
import { serveClientFiles } from "./http/client-files";
import { errorMiddleware } from "./http/errors";
import { healthHandler } from "./http/health";
import { refuseDeepJson } from "./http/json-depth";
import { refuseOptions, unknownEndpoint } from "./http/methods";
import { openApiRoute } from "./http/openapi";
import { sameOrigin } from "./http/same-origin";
import { securityHeaders } from "./http/security-headers";
import { refuseBrokenText } from "./http/well-formed-text";
import { apiRouter } from "./routes";
import { smsInboundRouter } from "./routes/sms-inbound";
import { stripeWebhookRouter } from "./routes/stripe-webhook";

/** CLIENT_DIST lets parallel e2e runs each serve their own build. */
const CLIENT_DIST = path.resolve(ROOT_DIR, process.env.CLIENT_DIST ?? "client/dist");
/**
 * Bodies are sized to what each route carries (docs/api.md): a job's own fields are a few
 * kilobytes; photos arrive as data URLs inside JSON, one (POST /api/jobs/:id/photos) or two
 * (PUT /api/jobs/:id) of 5 MB each, base64 plus the job, with room for a photo slightly over
 * its 5 MB to hear the photo's own message. The parser reads no further than
 * the limit, so a large body elsewhere costs neither memory nor time.
 */
const JOB_BODY_LIMIT = "64kb";
const JOB_PHOTO_BODY_LIMIT = "10mb";
const JOB_WITH_PHOTOS_BODY_LIMIT = "16mb";
const CUSTOMER_IMPORT_BODY_LIMIT = "8mb";
/** A logo is at most 512 kB (base64 a third more): room to hear its own message when larger. */
const LOGO_BODY_LIMIT = "2mb";

export function createApp(): Express {
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", config.trustProxy);

  app.use((req, res, next) => {
    req.id = req.get("x-request-id") ?? randomUUID();
    res.setHeader("X-Request-Id", req.id);
    next();
  });
  // Sees every request, the webhook and static files included.
  app.use(accessLog);
  app.use(securityHeaders);

  // Stripe signs the raw bytes: this route reads its body before any JSON parser.
  app.use("/api/stripe/webhook", express.raw({ type: "*/*", limit: "1mb" }), stripeWebhookRouter);
  // Twilio posts a form and signs its fields with the URL: outside the session and Origin checks.
  app.use("/api/sms/inbound", express.urlencoded({ extended: false, limit: "64kb" }), smsInboundRouter);

  app.get("/api/health", healthHandler());
  // The API's description, made from the routes below (docs/api.md).
  app.get("/api/openapi.json", openApiRoute(app));

  // The first parser that matches reads the body; the ones after see it read and pass.
  app.put("/api/jobs/:id", express.json({ limit: JOB_WITH_PHOTOS_BODY_LIMIT }));
  app.post("/api/jobs/:id/photos", express.json({ limit: JOB_PHOTO_BODY_LIMIT }));
  app.use("/api/jobs", express.json({ limit: JOB_BODY_LIMIT }));
  // A customer's note on the visit page may carry one photo (docs/visits.md).
  app.use("/api/public/visits/:token/notes", express.json({ limit: JOB_PHOTO_BODY_LIMIT }));
  app.put("/api/companies/:companyId/logo", express.json({ limit: LOGO_BODY_LIMIT }));
  // A customer spreadsheet (docs/customers.md) may weigh a few megabytes.
  app.use("/api/customers/import", express.json({ limit: CUSTOMER_IMPORT_BODY_LIMIT }));
  app.use(express.json({ limit: "1mb" }));
  // Before any route walks a body: nesting thousands deep would overflow its stack (./http/json-depth.ts).
  app.use(refuseDeepJson);
  // Text that cannot be stored as sent is refused, not replaced (./http/well-formed-text.ts).
  app.use(refuseBrokenText);
  // Every /api answer is JSON, 404, 405 and OPTIONS included (./http/methods.ts); those over
  // 1 kB go compressed (brotli or gzip) to the clients that accept it.
  const api = apiRouter();
  app.use("/api", compression(), refuseOptions(api), sessionMiddleware, loadUser, sameOrigin, api);
  app.use("/api", unknownEndpoint(api));

  if (existsSync(CLIENT_DIST)) serveClientFiles(app, CLIENT_DIST);

  app.use(errorMiddleware);
  return app;
}
