import { invitationToken } from "@sched/core/lib/invitation-token";
import { publish } from "@sched/core/publish";
import { buildCompany, uniqueEmail } from "@sched/core/test/factories";
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

describe("invitations over realtime", () => {
  it("announces a new invitation and its cancellation to the team", async () => {
    const { company, owner } = await buildCompany();
    const socket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const agent = await agentFor(owner);
    const created = nextEvent<{ id: string; companyId: string }>(socket, "invitation.created");
    const res = await agent.post(`/api/companies/${company.id}/invitations`).send({ email: uniqueEmail() });
    expect(await created).toEqual({ ...res.body, companyId: company.id });
    const deleted = nextEvent(socket, "invitation.deleted");
    await agent.delete(`/api/invitations/${res.body.id}`);
    expect(await deleted).toEqual({ id: res.body.id, companyId: company.id });
    socket.close();
  });

  it("puts a signed-in user's open socket into the company room the moment they accept", async () => {
    const { company, owner } = await buildCompany({ name: "Room Test" });
    const { owner: joiner } = await buildCompany();
    const ownerSocket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(owner) });
    const joinerSocket = await connectSocket(gateway.url, { Cookie: await sessionCookieFor(joiner) });
    const invited = await (await agentFor(owner))
      .post(`/api/companies/${company.id}/invitations`)
      .send({ email: joiner.email });

    const joined = nextEvent<{ userId: string; role: string; companyId: string }>(
      ownerSocket,
      "member.joined",
    );
    const bell = nextEvent<{ message: string }>(ownerSocket, "notification.created");
    const accepted = await (await agentFor(joiner))
      .post(`/api/invitations/token/${invitationToken(invited.body.id)}/accept`)
      .send({});
    expect(accepted.status).toBe(200);
    expect(await joined).toMatchObject({ userId: joiner.id, role: "employee", companyId: company.id });
    expect((await bell).message).toBe("Olive Owner joined the team");

    // No reconnect: the socket that was open before accepting now gets the company's events.
    const later = nextEvent(joinerSocket, "job.deleted");
    publish(company.id, "job.deleted", { id: "after-join", companyId: company.id });
    expect(await later).toEqual({ id: "after-join", companyId: company.id });
    ownerSocket.close();
    joinerSocket.close();
  });
});
