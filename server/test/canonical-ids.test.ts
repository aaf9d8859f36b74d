/**
 * Ids are read in one canonical form, lower case, whatever case a caller sends
 * (docs/api.md): an upper-case company id in the header, path, query or
 * body, or an upper-case row id in a path, does the same as the lower-case one, so what
 * it stores reaches the same rooms, polls and membership checks.
 */
import { buildJob, buildTenant } from "@sched/core/test/factories";
import type { ChatMessageDTO, JobDTO } from "@sched/shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, sessionCookieFor, startGateway } from "./realtime-support";
import { agentFor } from "./support";

const upper = (id: string) => id.toUpperCase();

let gateway: Awaited<ReturnType<typeof startGateway>>;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.close();
});

describe("an upper-case company id", () => {
  it("posts a chat message that the poll and the company's sockets see", async () => {
    const { company, owner, admin } = await buildTenant();
    const listener = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(admin) });
    const heard = nextEvent<ChatMessageDTO>(listener, "chat.message");
    const agent = await agentFor(owner);
    const posted = await agent
      .post("/api/chat")
      .set("X-Company-Id", upper(company.id))
      .send({ message: "hello in capitals" });
    expect(posted.status).toBe(201);
    expect(posted.body.companyId).toBe(company.id);
    expect(await heard).toMatchObject({ id: posted.body.id, companyId: company.id });
    listener.close();

    const poll = await (await agentFor(admin)).get(`/api/chat?companyId=${company.id}`);
    expect(poll.body.map((m: ChatMessageDTO) => m.id)).toContain(posted.body.id);
    const upperPoll = await (await agentFor(admin)).get(`/api/chat?companyId=${upper(company.id)}`);
    expect(upperPoll.body.map((m: ChatMessageDTO) => m.id)).toContain(posted.body.id);
  });

  it("creates a job from the body and the header that the board hears of", async () => {
    const { company, owner, admin, employee } = await buildTenant();
    const listener = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(admin) });
    const agent = await agentFor(owner);
    const job = { type: "Repair", location: "1 Main St", date: "2026-11-27", time: "08:00" };

    const fromHeader = nextEvent<JobDTO>(listener, "job.created");
    const viaHeader = await agent
      .post("/api/jobs")
      .set("X-Company-Id", upper(company.id))
      .send({ ...job, employeeId: upper(employee.id) });
    expect(viaHeader.status).toBe(201);
    expect(viaHeader.body).toMatchObject({ companyId: company.id, employeeId: employee.id });
    expect((await fromHeader).id).toBe(viaHeader.body.id);

    const fromBody = nextEvent<JobDTO>(listener, "job.created");
    const viaBody = await agent
      .post("/api/jobs")
      .send({ ...job, employeeId: employee.id, companyId: upper(company.id) });
    expect(viaBody.status).toBe(201);
    expect((await fromBody).id).toBe(viaBody.body.id);
    listener.close();
  });

  it("in a path removes a member who is out at once", async () => {
    const { company, owner, employeeUser } = await buildTenant();
    const member = await agentFor(employeeUser);
    expect((await member.get(`/api/companies/${company.id}`)).status).toBe(200);
    const removed = await (await agentFor(owner)).delete(
      `/api/companies/${upper(company.id)}/users/${upper(employeeUser.id)}`,
    );
    expect(removed.status).toBe(204);
    expect((await member.get(`/api/companies/${company.id}`)).status).toBe(403);
    expect((await member.get(`/api/companies/${upper(company.id)}`)).status).toBe(403);
  });

  it("in a path, the query and the body reads the same as the lower-case one", async () => {
    const { company, owner } = await buildTenant();
    const agent = await agentFor(owner);
    const lower = await agent.get(`/api/companies/${company.id}`);
    expect((await agent.get(`/api/companies/${upper(company.id)}`)).body).toEqual(lower.body);
    const users = await agent.get(`/api/companies/${company.id}/users`);
    expect((await agent.get(`/api/companies/${upper(company.id)}/users`)).body).toEqual(users.body);
    const customers = await agent.get(`/api/customers?companyId=${company.id}`);
    expect((await agent.get(`/api/customers?companyId=${upper(company.id)}`)).body).toEqual(customers.body);
    const settings = await agent.get(`/api/companies/${company.id}/settings`);
    expect((await agent.get(`/api/companies/${upper(company.id)}/settings`)).body).toEqual(settings.body);
  });
});

describe("an upper-case row id in a path", () => {
  it("reads, changes and deletes the same row", async () => {
    const { company, owner, employee } = await buildTenant();
    const agent = await agentFor(owner);
    const created = await agent.post("/api/customers").send({ companyId: company.id, name: "Casey" });
    const customer = created.body as { id: string };
    const read = await agent.get(`/api/customers/${upper(customer.id)}`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(customer.id);

    const job = await buildJob(company.id, employee.id);
    const moved = await agent.put(`/api/jobs/${upper(job.id)}`).send({ location: "2 Side St" });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: job.id, companyId: company.id, location: "2 Side St" });
    expect((await agent.delete(`/api/jobs/${upper(job.id)}`)).status).toBe(204);
    const left = await agent.get(`/api/jobs?companyId=${company.id}`);
    expect(left.body.map((j: JobDTO) => j.id)).not.toContain(job.id);
  });
});
