/**
 * The office's invoice screens refresh on `invoice.updated` (docs/money.md, "Screens"): a new
 * invoice and a void announce it too, to owners and admins only, after their commit.
 */
import type { InvoiceSummaryDTO } from "@sched/shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoicingTenant } from "./invoices-support";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("invoice.updated", () => {
  it("is announced when an invoice is made and when it is voided", async () => {
    const tenant = await invoicingTenant();
    const job = await tenant.jobWithItems();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(tenant.owner) });
    try {
      const made = nextEvent<InvoiceSummaryDTO>(socket, "invoice.updated");
      const created = await tenant.office
        .post("/api/invoices")
        .send({ companyId: tenant.company.id, jobIds: [job.id] });
      expect(created.status).toBe(201);
      expect(await made).toMatchObject({ id: created.body.id, status: "draft", jobIds: [job.id] });

      const voided = nextEvent<InvoiceSummaryDTO>(socket, "invoice.updated");
      const answer = await tenant.office
        .post(`/api/invoices/${created.body.id}/void`)
        .send({ reason: "Billed twice", version: created.body.version });
      expect(answer.status).toBe(200);
      expect(await voided).toMatchObject({ id: created.body.id, status: "void", voidReason: "Billed twice" });
    } finally {
      socket.disconnect();
    }
  });
});
