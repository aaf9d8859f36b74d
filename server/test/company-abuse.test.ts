/**
 * More companies never mean more e-mails (issue 33, docs/api.md): company
 * creation is limited per user and per address, invitation e-mails per inviting user
 * across all their companies, and a company name that goes into e-mails carries no link.
 */
import { randomInt } from "node:crypto";
import { db } from "@sched/core/db/client";
import { companies, companyUsers } from "@sched/core/db/schema";
import { buildCompany, buildUser, uniqueEmail } from "@sched/core/test/factories";
import { COMPANY_NAME_LINK } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import type { Response } from "supertest";
import { describe, expect, it } from "vitest";
import { agentFor, anonymous } from "./support";

const DAY = 24 * 60 * 60;
const freshIp = () => `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;

function expectRefusedForADay(res: Response, message: string) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ code: "rate_limited", message: `${message} Try again in 24 hours.` });
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(DAY - 60);
  expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(DAY);
}

const ownedBy = (userId: string) => db.select().from(companies).where(eq(companies.ownerId, userId));

describe("POST /api/companies", () => {
  it("answers 429 from a user's 6th new company in a day, and makes nothing", async () => {
    const user = await buildUser();
    const agent = await agentFor(user);
    const ip = freshIp();
    const create = (name: string) => agent.post("/api/companies").set("X-Forwarded-For", ip).send({ name });
    for (let i = 0; i < 5; i++) expect((await create(`Branch ${i}`)).status).toBe(201);
    expectRefusedForADay(await create("One too many"), "You have created too many companies.");
    expect(await ownedBy(user.id)).toHaveLength(5);
  });

  it("answers 429 from the 21st company one address creates in a day, whoever asks", {
    timeout: 60_000,
  }, async () => {
    const ip = freshIp();
    const agents = await Promise.all([0, 1, 2, 3, 4].map(async () => agentFor(await buildUser())));
    for (let i = 0; i < 20; i++) {
      const res = await agents[i % 4]
        .post("/api/companies")
        .set("X-Forwarded-For", ip)
        .send({ name: `Co ${i}` });
      expect(res.status).toBe(201);
    }
    const refused = await agents[4].post("/api/companies").set("X-Forwarded-For", ip).send({ name: "Late" });
    expectRefusedForADay(refused, "Too many companies were created from this network.");
    // The refusal cost the asker nothing of their own count.
    for (let i = 0; i < 5; i++) {
      expect(
        (await agents[4].post("/api/companies").set("X-Forwarded-For", freshIp()).send({ name: "Mine" }))
          .status,
      ).toBe(201);
    }
  });

  it("refuses a name with a link, at creation and registration, on its field", async () => {
    const agent = await agentFor(await buildUser());
    const created = await agent.post("/api/companies").send({ name: "Cheap meds https://evil.example" });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(COMPANY_NAME_LINK);
    expect(created.body.errors).toEqual([{ path: "name", message: COMPANY_NAME_LINK }]);
    const registered = await anonymous()
      .post("/api/register")
      .send({
        email: uniqueEmail("linky"),
        password: "long-enough-1",
        firstName: "Lin",
        lastName: "Ky",
        companyName: "www.evil.example",
      });
    expect(registered.status).toBe(400);
    expect(registered.body.errors).toEqual([{ path: "companyName", message: COMPANY_NAME_LINK }]);
  });
});

describe("invitation e-mails per inviting user", () => {
  it("answer 429 from a user's 51st in a day, across all their companies", { timeout: 90_000 }, async () => {
    const inviter = await buildUser();
    const companyIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { company } = await buildCompany();
      await db.insert(companyUsers).values({ companyId: company.id, userId: inviter.id, role: "admin" });
      companyIds.push(company.id);
    }
    const agent = await agentFor(inviter);
    const invite = (companyId: string) =>
      agent.post(`/api/companies/${companyId}/invitations`).send({ email: uniqueEmail("invitee") });
    // Each company stays under its own 20 an hour: 20 + 20 + 10.
    for (let i = 0; i < 50; i++) expect((await invite(companyIds[Math.floor(i / 20)])).status).toBe(201);
    expectRefusedForADay(await invite(companyIds[2]), "You have sent too many invitations.");
    // Another admin of the same company still invites: the limit is the inviter's own.
    const { owner } = await buildCompany();
    await db.insert(companyUsers).values({ companyId: companyIds[2], userId: owner.id, role: "admin" });
    const colleague = await agentFor(owner);
    const res = await colleague
      .post(`/api/companies/${companyIds[2]}/invitations`)
      .send({ email: uniqueEmail("colleague") });
    expect(res.status).toBe(201);
  });
});
