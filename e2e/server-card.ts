/**
 * The card-payment instance for the money loop (docs/invoice-page.md, "Tests"): a second web
 * process of the same app, on the main e2e server's database and Redis (server.ts writes its
 * environment to app-env.json), with Stripe keys pointing at the local Stripe stub started
 * here. The stub's Checkout page delivers the signed webhook to this instance and returns
 * the browser to the invoice page. The main server keeps no keys, so every other spec still
 * sees demo mode; events reach its sockets through Redis as between any two web processes.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startStripeStub, stripeEnvFor } from "../server/test/stripe-stub";

const port = process.env.E2E_CARD_PORT ?? "5102";
const appUrl = `http://localhost:${port}`;
// The main server's data folder (fixtures.ts: e2eDataDir); it is up before this one starts.
const dataDir = path.join(os.tmpdir(), `sched-e2e-${process.env.E2E_PORT ?? "5100"}`);
const appEnv = JSON.parse(readFileSync(path.join(dataDir, "app-env.json"), "utf8")) as Record<string, string>;
const stubEnv = stripeEnvFor(0);
const stub = await startStripeStub({
  checkoutWebhook: { url: `${appUrl}/api/stripe/webhook`, secret: stubEnv.STRIPE_WEBHOOK_SECRET },
});

const child = spawn(process.execPath, ["--import", "tsx", "server/src/index.ts"], {
  stdio: "inherit",
  env: { ...process.env, ...appEnv, ...stripeEnvFor(stub.port), PORT: port, APP_URL: appUrl },
});

let isStopping = false;
async function stop() {
  if (isStopping) return;
  isStopping = true;
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
  await stub.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
child.on("exit", () => void stop());
