/**
 * POST /api/sms/inbound, Twilio's webhook for replies to the company's texts
 * (docs/customers.md, "Text messages"): signed with the SDK's own signature over the
 * configured URL, STOP words opt the number out in every company that knows it, START
 * words opt it back in, anything else is ignored; a bad or missing signature is 403. The
 * customer's channels say where they stand.
 */
import { config } from "@sched/core/config";
import { db } from "@sched/core/db/client";
import { customerNotices, smsOptOuts } from "@sched/core/db/schema";
import { buildTenant } from "@sched/core/test/factories";
import { TWILIO_TEST_AUTH_TOKEN } from "@sched/core/test/twilio-stub";
import { eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous } from "./support";

const URL_SIGNED = "http://app.test/api/sms/inbound";

beforeAll(() => {
  config.twilio = {
    accountSid: "AC1",
    authToken: TWILIO_TEST_AUTH_TOKEN,
    from: "+15005550006",
    apiUrl: undefined,
  };
});
afterAll(() => {
  config.twilio = undefined;
});

/** A reply as Twilio posts it: the form, signed over the configured URL with the auth token. */
function reply(from: string, body: string, token = TWILIO_TEST_AUTH_TOKEN) {
  const form = { MessageSid: "SM1", AccountSid: "AC1", From: from, To: "+15005550006", Body: body };
  const signature = twilio.getExpectedTwilioSignature(token, URL_SIGNED, form);
  return anonymous().post("/api/sms/inbound").type("form").set("X-Twilio-Signature", signature).send(form);
}

const mobile = () => `+1201${String(2_000_000 + Math.floor(Math.random() * 7_000_000))}`;

async function customerWith(agent: Agent, companyId: string, phone: string) {
  const res = await agent
    .post("/api/customers")
    .send({ companyId, name: "Jo Texter", phone, email: "jo@example.test" });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const channelsOf = async (agent: Agent, id: string) =>
  (await agent.get(`/api/customers/${id}`)).body.channels;

describe("POST /api/sms/inbound", () => {
  it("opts a number out on STOP in every company that knows it, and back in on START", async () => {
    const phone = mobile();
    const one = await buildTenant();
    const other = await buildTenant();
    const oneAgent = await agentFor(one.owner);
    const otherAgent = await agentFor(other.owner);
    const oneCustomer = await customerWith(oneAgent, one.company.id, phone);
    const otherCustomer = await customerWith(otherAgent, other.company.id, phone);
    expect(await channelsOf(oneAgent, oneCustomer)).toEqual({ sms: "on", email: "on" });

    const stop = await reply(phone, " Stop. ");
    expect(stop.status).toBe(200);
    expect(stop.type).toBe("text/xml");
    expect(stop.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await channelsOf(oneAgent, oneCustomer)).toEqual({ sms: "opted_out", email: "on" });
    expect(await channelsOf(otherAgent, otherCustomer)).toEqual({ sms: "opted_out", email: "on" });
    const rows = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    expect(rows.map((row) => row.companyId).sort()).toEqual([one.company.id, other.company.id].sort());

    // Other words change nothing.
    expect((await reply(phone, "Thanks, see you then")).status).toBe(200);
    expect(await channelsOf(oneAgent, oneCustomer)).toEqual({ sms: "opted_out", email: "on" });

    expect((await reply(phone, "unstop")).status).toBe(200);
    expect(await channelsOf(oneAgent, oneCustomer)).toEqual({ sms: "on", email: "on" });
    expect(await channelsOf(otherAgent, otherCustomer)).toEqual({ sms: "on", email: "on" });
    expect(await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);
  });

  it("opts out a number texted without being a customer's, in the company that texted it", async () => {
    const phone = mobile();
    const { company } = await buildTenant();
    await db.insert(customerNotices).values({
      companyId: company.id,
      kind: "confirmation",
      channel: "sms",
      dedupeKey: `confirmation:${crypto.randomUUID()}:2031-01-14T09:00:v1`,
      recipient: phone,
      addressOnly: true,
    });
    for (const word of ["STOPALL", "end", "Quit", "CANCEL", "unsubscribe"]) {
      expect((await reply(phone, word)).status).toBe(200);
    }
    const rows = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    expect(rows.map((row) => row.companyId)).toEqual([company.id]);
    expect((await reply(phone, "YES")).status).toBe(200);
    expect(await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);
  });

  it("refuses 403 a reply not signed with the auth token, and changes nothing", async () => {
    const phone = mobile();
    const tenant = await buildTenant();
    const agent = await agentFor(tenant.owner);
    const id = await customerWith(agent, tenant.company.id, phone);

    const forged = await reply(phone, "STOP", "not-the-token");
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: "forbidden", message: "The request is not signed by Twilio" });
    const unsigned = await anonymous()
      .post("/api/sms/inbound")
      .type("form")
      .send({ From: phone, Body: "STOP" });
    expect(unsigned.status).toBe(403);
    // Signed for another body: the signature covers every field.
    const signature = twilio.getExpectedTwilioSignature(TWILIO_TEST_AUTH_TOKEN, URL_SIGNED, {
      From: phone,
      Body: "hi",
    });
    const tampered = await anonymous()
      .post("/api/sms/inbound")
      .type("form")
      .set("X-Twilio-Signature", signature)
      .send({ From: phone, Body: "STOP" });
    expect(tampered.status).toBe(403);
    expect(await channelsOf(agent, id)).toEqual({ sms: "on", email: "on" });
  });

  it("shows a landline or no phone as no text channel", async () => {
    const tenant = await buildTenant();
    const agent = await agentFor(tenant.owner);
    const landline = await agent
      .post("/api/customers")
      .send({ companyId: tenant.company.id, name: "Old Line", phone: "+44 20 7946 0000" });
    expect(landline.body.channels).toEqual({ sms: "none", email: "none" });
  });
});
