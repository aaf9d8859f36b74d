/**
 * The customer on every card (docs/customers.md): a job linked to a customer carries the
 * customer's name in every answer (POST, PUT, the list, the customer's page), and the list
 * shows a rename at once though no job row changed.
 */
import { buildTenant } from "@sched/core/test/factories";
import { describe, expect, it } from "vitest";
import { agentFor } from "./support";

const range = (companyId: string) =>
  `/api/jobs?companyId=${companyId}&startDate=2026-11-23&endDate=2026-11-29`;

describe("a job's customerName", () => {
  it("comes with the job in every answer and follows a rename of the customer", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const customer = await agent
      .post("/api/customers")
      .send({ companyId: company.id, name: "Ana Ruiz", phone: "555 010 2000" });
    expect(customer.status).toBe(201);
    const created = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Repair",
      location: "1 Main St",
      date: "2026-11-24",
      time: "09:00",
      customerId: customer.body.id,
    });
    expect(created.status).toBe(201);
    expect(created.body.customerName).toBe("Ana Ruiz");
    const alone = await agent.post("/api/jobs").send({
      companyId: company.id,
      employeeId: employee.id,
      type: "Repair",
      location: "2 Main St",
      date: "2026-11-24",
      time: "11:00",
    });
    expect(alone.body.customerName).toBeNull();

    const first = await agent.get(range(company.id));
    expect(first.body.map((job: { customerName: string | null }) => job.customerName)).toEqual([
      "Ana Ruiz",
      null,
    ]);
    const updated = await agent.put(`/api/jobs/${created.body.id}`).send({ time: "10:00" });
    expect(updated.body.customerName).toBe("Ana Ruiz");
    const etag = (await agent.get(range(company.id))).headers.etag as string;

    const renamed = await agent
      .put(`/api/customers/${customer.body.id}`)
      .send({ name: "Ana Ruiz-Diaz", version: customer.body.version });
    expect(renamed.status).toBe(200);
    const after = await agent.get(range(company.id)).set("If-None-Match", etag);
    expect(after.status).toBe(200);
    expect(after.body[0].customerName).toBe("Ana Ruiz-Diaz");
    const page = await agent.get(`/api/customers/${customer.body.id}`);
    expect(page.body.pastJobs[0].customerName).toBe("Ana Ruiz-Diaz");
  });
});
