import { buildCompany, buildUser } from "@sched/core/test/factories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor } from "./support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("free access changes reach the company's screens", () => {
  it("publishes subscription.updated and a bell entry on grant and on revoke", async () => {
    const { company, owner } = await buildCompany();
    const admin = await agentFor(await buildUser({ isSystemAdmin: true }));
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    try {
      const granted = nextEvent(socket, "subscription.updated");
      const grantedBell = nextEvent<{ message: string }>(socket, "notification.created");
      await admin.post("/api/admin/grant-free-access").send({ companyId: company.id, notes: "Partner" });
      expect(await granted).toEqual({ companyId: company.id });
      // The bell says what changed but never the admin's internal reason.
      const grantNote = await grantedBell;
      expect(grantNote).toMatchObject({
        kind: "payment.updated",
        message: "Free access granted. Every feature, at no charge",
        companyId: company.id,
      });
      expect(JSON.stringify(grantNote)).not.toContain("Partner");

      const revoked = nextEvent(socket, "subscription.updated");
      const revokedBell = nextEvent(socket, "notification.created");
      await admin.post("/api/admin/revoke-free-access").send({ companyId: company.id });
      expect(await revoked).toEqual({ companyId: company.id });
      expect(await revokedBell).toMatchObject({ message: "Free access ended. Back on the free trial" });
    } finally {
      socket.close();
    }
  });
});
