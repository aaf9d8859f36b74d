import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publish } from "../src/realtime/publish";
import { buildCompany, buildUser } from "./factories";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { APP_ORIGIN } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("realtime gateway", () => {
  it("refuses a handshake without a valid session", async () => {
    await expect(connectSocket(gateway.url)).rejects.toThrow(/Not signed in/);
    await expect(connectSocket(gateway.url, { Cookie: "sched.sid=s%3Aforged.sig" })).rejects.toThrow(
      /Not signed in/,
    );
  });

  it("refuses a handshake from another origin", async () => {
    const { owner } = await buildCompany();
    const cookie = await sessionCookieFor(owner);
    await expect(
      connectSocket(gateway.url, { Cookie: cookie, Origin: "https://evil.example" }),
    ).rejects.toThrow();
    const socket = await connectSocket(gateway.url, { Cookie: cookie, Origin: APP_ORIGIN });
    socket.close();
  });

  it("delivers a company's events to its members and never to a non-member", async () => {
    const { company, owner } = await buildCompany();
    const stranger = await buildUser();
    const member = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const outsider = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(stranger) });
    const leaked: unknown[] = [];
    outsider.onAny((event, payload) => leaked.push([event, payload]));

    const received = nextEvent<{ id: string }>(member, "job.deleted");
    publish(company.id, "job.deleted", { id: "job-1", companyId: company.id });
    expect(await received).toEqual({ id: "job-1", companyId: company.id });

    // A second event to the member proves the first had every chance to reach the outsider.
    const marker = nextEvent(member, "subscription.updated");
    publish(company.id, "subscription.updated", { companyId: company.id });
    await marker;
    expect(leaked).toEqual([]);
    member.close();
    outsider.close();
  });
});
