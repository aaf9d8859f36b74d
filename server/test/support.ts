/**
 * The test app and signed-in agents. `agentFor(user)` signs in over the real
 * login route, so every test exercises sessions as a browser would.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PASSWORD } from "@sched/core/test/factories";
import request from "supertest";
import type TestAgent from "supertest/lib/agent";
import { createApp } from "../src/app";

export const app = createApp();
export const APP_ORIGIN = "http://app.test";

export type Agent = TestAgent;

/** A cookie-keeping agent signed in as `user`. */
export async function agentFor(user: { email: string }, password = PASSWORD): Promise<Agent> {
  const agent = request.agent(app);
  const res = await agent.post("/api/login").send({ email: user.email, password });
  if (res.status !== 200) throw new Error(`login failed for ${user.email}: ${res.status} ${res.text}`);
  return agent;
}

export const anonymous = () => request(app);

/** Starts the app on a real port (for sockets); close it in afterAll. */
export async function listen(server: Server = createServer(app)) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}
