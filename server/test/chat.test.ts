import { db } from "@sched/core/db/client";
import { chatMessages, employees } from "@sched/core/db/schema";
import { buildEmployee, buildTenant } from "@sched/core/test/factories";
import { CHAT_LATEST_LIMIT, CHAT_MESSAGE_MAX, type ChatMessageDTO } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";

async function postMessages(companyId: string, employeeId: string, texts: string[]) {
  return db
    .insert(chatMessages)
    .values(texts.map((message) => ({ companyId, employeeId, message })))
    .returning();
}

describe("POST /api/chat", () => {
  it("answers 401 signed out and 403 to a non-member", async () => {
    const { company, employee } = await buildTenant();
    const other = await buildTenant();
    const body = { companyId: company.id, employeeId: employee.id, message: "Hi" };
    expect((await anonymous().post("/api/chat").send(body)).status).toBe(401);
    const res = await (await agentFor(other.owner)).post("/api/chat").send(body);
    expect(res.status).toBe(403);
    expect(await db.select().from(chatMessages).where(eq(chatMessages.companyId, company.id))).toEqual([]);
  });

  it("lets every role send; trims the text and embeds the sender", async () => {
    const { company, owner, admin, employeeUser } = await buildTenant();
    for (const user of [owner, admin, employeeUser]) {
      const res = await (await agentFor(user))
        .post("/api/chat")
        .send({ companyId: company.id, message: "  On my way  \n" });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(String),
        companyId: company.id,
        employeeId: null,
        message: "On my way",
        createdAt: expect.any(String),
        employee: null,
        author: {
          userId: user.id,
          name: `${user.firstName} ${user.lastName}`,
          initials: expect.any(String),
          avatarColor: "gray",
        },
      });
    }
  });

  it.each([
    ["an empty message", { message: "" }, "Message is required"],
    ["a whitespace-only message", { message: " \n\t " }, "Message is required"],
    ["no message", { message: undefined }, "Message is required"],
    [
      "2,001 characters",
      { message: "x".repeat(CHAT_MESSAGE_MAX + 1) },
      "Message must be 2,000 characters or less",
    ],
    ["a sender that is not an id", { employeeId: "not-an-id" }, "Choose who is sending the message"],
  ])("refuses %s with its message", async (_case, change, message) => {
    const { company, owner } = await buildTenant();
    const res = await (await agentFor(owner))
      .post("/api/chat")
      .send({ companyId: company.id, message: "Hello", ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("takes exactly 2,000 characters and refuses a sender of another company like anyone else's", async () => {
    const { company, owner } = await buildTenant();
    const other = await buildTenant();
    const agent = await agentFor(owner);
    const longest = await agent
      .post("/api/chat")
      .send({ companyId: company.id, message: "y".repeat(CHAT_MESSAGE_MAX) });
    expect(longest.status).toBe(201);
    for (const employeeId of [other.employee.id, MISSING_ID]) {
      const foreign = await agent
        .post("/api/chat")
        .send({ companyId: company.id, employeeId, message: "Hijack" });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe("You can only send messages as yourself");
    }
  });

  it("keeps markup as plain text", async () => {
    const { company, owner } = await buildTenant();
    const markup = "<img src=x onerror=alert(1)>";
    const res = await (await agentFor(owner))
      .post("/api/chat")
      .send({ companyId: company.id, message: markup });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(markup);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("answers 402 once the trial has run out unpaid, while reading stays open", async () => {
    const { company, owner, employee } = await buildTenant({ trialEndsAt: new Date(Date.now() - 1000) });
    await postMessages(company.id, employee.id, ["Before the trial ended"]);
    const agent = await agentFor(owner);
    const send = await agent.post("/api/chat").send({ companyId: company.id, message: "After" });
    expect(send.status).toBe(402);
    const read = await agent.get(`/api/chat?companyId=${company.id}`);
    expect(read.status).toBe(200);
    expect(read.body.map((m: ChatMessageDTO) => m.message)).toEqual(["Before the trial ended"]);
  });
});

describe("GET /api/chat", () => {
  it("answers 401 signed out, 400 without a company or with a bad cursor, 403 to a non-member", async () => {
    const { company, employeeUser } = await buildTenant();
    const other = await buildTenant();
    expect((await anonymous().get(`/api/chat?companyId=${company.id}`)).status).toBe(401);
    const agent = await agentFor(employeeUser);
    const missing = await agent.get("/api/chat");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Company id is required");
    const badCursor = await agent.get(`/api/chat?companyId=${company.id}&after=42`);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toBe("after must be a message id");
    const foreign = await agent.get(`/api/chat?companyId=${other.company.id}`);
    expect(foreign.status).toBe(403);
    const byHeader = await agent.get("/api/chat").set("X-Company-Id", company.id);
    expect(byHeader.status).toBe(200);
  });

  it("lists the company's messages oldest first with the sender embedded, and nothing of another company", async () => {
    const { company, owner, employee } = await buildTenant();
    const second = await buildEmployee(company.id, {
      name: "Rita Ruiz",
      initials: "RR",
      avatarColor: "teal",
    });
    const other = await buildTenant();
    await postMessages(other.company.id, other.employee.id, ["Not yours"]);
    await postMessages(company.id, employee.id, ["First"]);
    await postMessages(company.id, second.id, ["Second"]);
    const res = await (await agentFor(owner)).get(`/api/chat?companyId=${company.id}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-cache");
    expect(
      res.body.map((m: ChatMessageDTO) => [m.message, m.employee?.name, m.employee?.avatarColor]),
    ).toEqual([
      ["First", "Pat Plumber", "blue"],
      ["Second", "Rita Ruiz", "teal"],
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ["author", "companyId", "createdAt", "employee", "employeeId", "id", "message"].sort(),
    );
  });

  it(`answers the latest ${CHAT_LATEST_LIMIT} without a cursor`, async () => {
    const { company, owner, employee } = await buildTenant();
    const texts = Array.from({ length: CHAT_LATEST_LIMIT + 5 }, (_, i) => `m${i}`);
    await postMessages(company.id, employee.id, texts);
    const res = await (await agentFor(owner)).get(`/api/chat?companyId=${company.id}`);
    expect(res.body).toHaveLength(CHAT_LATEST_LIMIT);
    expect(res.body[0].message).toBe("m5");
    expect(res.body.at(-1).message).toBe(`m${CHAT_LATEST_LIMIT + 4}`);
  });

  it("answers only the messages after the cursor, then 200 [] while nothing is new", async () => {
    const { company, owner, employee } = await buildTenant();
    const [first, second] = await postMessages(company.id, employee.id, ["one", "two"]);
    const agent = await agentFor(owner);
    const newer = await agent.get(`/api/chat?companyId=${company.id}&after=${first.id}`);
    expect(newer.status).toBe(200);
    expect(newer.body.map((m: ChatMessageDTO) => m.id)).toEqual([second.id]);

    const empty = await agent.get(`/api/chat?companyId=${company.id}&after=${second.id}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);

    const sent = await agent.post("/api/chat").send({ companyId: company.id, message: "three" });
    const next = await agent.get(`/api/chat?companyId=${company.id}&after=${second.id}`);
    expect(next.status).toBe(200);
    expect(next.body.map((m: ChatMessageDTO) => m.id)).toEqual([sent.body.id]);
    const idle = await agent.get(`/api/chat?companyId=${company.id}&after=${sent.body.id}`);
    expect([idle.status, idle.body]).toEqual([200, []]);
  });

  it("answers 304 only to a matching If-None-Match, with an ETag on every poll", async () => {
    const { company, owner, employee } = await buildTenant();
    const [first, second] = await postMessages(company.id, employee.id, ["one", "two"]);
    const agent = await agentFor(owner);
    const url = (after: string) => `/api/chat?companyId=${company.id}&after=${after}`;
    const newer = await agent.get(url(first.id));
    expect(newer.status).toBe(200);
    const etag = newer.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);
    // The ETag names the newest message: the idle poll after it shows the same one.
    const idle = await agent.get(url(second.id));
    expect([idle.status, idle.body, idle.headers.etag]).toEqual([200, [], etag]);

    const conditional = await agent.get(url(second.id)).set("If-None-Match", etag);
    expect(conditional.status).toBe(304);
    expect(conditional.text).toBe("");
    expect(conditional.headers.etag).toBe(etag);
    const stale = await agent.get(url(second.id)).set("If-None-Match", 'W/"chat-something-else"');
    expect([stale.status, stale.body]).toEqual([200, []]);

    const sent = await agent.post("/api/chat").send({ companyId: company.id, message: "three" });
    const changed = await agent.get(url(second.id)).set("If-None-Match", etag);
    expect(changed.status).toBe(200);
    expect(changed.body.map((m: ChatMessageDTO) => m.id)).toEqual([sent.body.id]);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("answers the newest message as up to date even when another process wrote it (pointer rebuilt from the table)", async () => {
    const { company, owner, employee } = await buildTenant();
    const [only] = await postMessages(company.id, employee.id, ["written elsewhere"]);
    const agent = await agentFor(owner);
    // The first poll finds nothing newer in the table and notes the cursor as the newest.
    const first = await agent.get(`/api/chat?companyId=${company.id}&after=${only.id}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual([]);
    const again = await agent
      .get(`/api/chat?companyId=${company.id}&after=${only.id}`)
      .set("If-None-Match", first.headers.etag);
    expect(again.status).toBe(304);
  });

  it("answers 410 for a cursor that is gone or belongs to another company", async () => {
    const { company, owner, employee } = await buildTenant();
    const leaver = await buildEmployee(company.id, { name: "Leo Leaving", initials: "LL" });
    const other = await buildTenant();
    const [foreign] = await postMessages(other.company.id, other.employee.id, ["Theirs"]);
    await postMessages(company.id, employee.id, ["Stays"]);
    const [gone] = await postMessages(company.id, leaver.id, ["Goes with Leo"]);
    await db.delete(employees).where(eq(employees.id, leaver.id));
    const agent = await agentFor(owner);
    for (const cursor of [foreign.id, gone.id, MISSING_ID]) {
      const res = await agent.get(`/api/chat?companyId=${company.id}&after=${cursor}`);
      expect(res.status).toBe(410);
      expect(res.body.message).toBe("That message is no longer there; reload the chat");
    }
    const reload = await agent.get(`/api/chat?companyId=${company.id}`);
    expect(reload.body.map((m: ChatMessageDTO) => m.message)).toEqual(["Stays"]);
  });
});
