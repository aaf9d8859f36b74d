/**
 * Booking notices (docs/customers.md): the job commands record one
 * customer_notice row per job, kind and change, only with notices on, an e-mail and a
 * customer who did not opt out; the unsubscribe link stops them.
 */
import { addresseeOfToken, unsubscribeToken } from "@sched/core/customer-notices/unsubscribe-token";
import { db } from "@sched/core/db/client";
import { customerNotices, customers, jobs, noticeOptOuts } from "@sched/core/db/schema";
import { closeQueues, getEmailQueue } from "@sched/core/queues";
import { buildJob, buildTenant, uniqueEmail } from "@sched/core/test/factories";
import { NOTICE_SETTLE_INVALID } from "@sched/shared-types";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { type Agent, agentFor, anonymous } from "./support";

afterAll(async () => {
  await closeQueues();
});

type Tenant = Awaited<ReturnType<typeof buildTenant>>;

async function tenantWithNotices(isOn = true) {
  const tenant = await buildTenant();
  const owner = await agentFor(tenant.owner);
  if (isOn) {
    const res = await owner
      .put(`/api/companies/${tenant.company.id}/settings`)
      .send({ customerNotices: true, reminderTime: "18:30" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ customerNotices: true, reminderTime: "18:30" });
  }
  return { ...tenant, agent: owner };
}

const noticesOf = (jobId: string) =>
  db
    .select()
    .from(customerNotices)
    .where(eq(customerNotices.jobId, jobId))
    .orderBy(asc(customerNotices.createdAt));

async function book(tenant: Tenant & { agent: Agent }, fields: Record<string, unknown> = {}) {
  const res = await tenant.agent.post("/api/jobs").send({
    companyId: tenant.company.id,
    employeeId: tenant.employee.id,
    type: "Repair",
    location: "12 Elm Street",
    date: "2026-12-01",
    time: "09:00",
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number };
}

describe("the setting", () => {
  it("is off by default and only the owner turns it on", async () => {
    const tenant = await buildTenant();
    const path = `/api/companies/${tenant.company.id}/settings`;
    const owner = await agentFor(tenant.owner);
    expect((await owner.get(path)).body).toMatchObject({ customerNotices: false, reminderTime: "17:00" });
    for (const user of [tenant.admin, tenant.employeeUser]) {
      const res = await (await agentFor(user)).put(path).send({ customerNotices: true });
      expect(res.status).toBe(403);
    }
    const bad = await owner.put(path).send({ reminderTime: "25:00" });
    expect(bad.status).toBe(400);
    expect((await owner.get(path)).body).toMatchObject({ customerNotices: false, reminderTime: "17:00" });
  });

  it("waits 10 minutes for a change to settle unless the owner picks 0 to 120 whole minutes", async () => {
    const tenant = await buildTenant();
    const path = `/api/companies/${tenant.company.id}/settings`;
    const owner = await agentFor(tenant.owner);
    expect((await owner.get(path)).body).toMatchObject({ noticeSettleMinutes: 10 });
    for (const wrong of [-1, 121, 2.5, "5"]) {
      const res = await owner.put(path).send({ noticeSettleMinutes: wrong });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({
        path: "noticeSettleMinutes",
        message: NOTICE_SETTLE_INVALID,
      });
    }
    expect((await owner.put(path).send({ noticeSettleMinutes: 3 })).body).toMatchObject({
      noticeSettleMinutes: 3,
    });
    expect((await owner.get(path)).body).toMatchObject({ noticeSettleMinutes: 3 });
  });
});

describe("one notice per settled change", () => {
  const markSent = (noticeId: string) =>
    db.update(customerNotices).set({ sentAt: new Date() }).where(eq(customerNotices.id, noticeId));
  const queued = (noticeId: string) => getEmailQueue().getJob(`customer-notice-${noticeId}`);

  it("holds a move's confirmation back for the settle time; the booking's goes at once", async () => {
    const tenant = await tenantWithNotices();
    await tenant.agent.put(`/api/companies/${tenant.company.id}/settings`).send({ noticeSettleMinutes: 2 });
    const job = await book(tenant, { customerEmail: uniqueEmail("settle") });
    const before = Date.now();
    expect((await tenant.agent.put(`/api/jobs/${job.id}`).send({ date: "2026-12-03" })).status).toBe(200);
    const [booking, move] = await noticesOf(job.id);
    expect(booking.sendAfter).toBeNull();
    expect((await queued(booking.id))?.opts.delay ?? 0).toBe(0);
    expect(move.sendAfter!.getTime()).toBeGreaterThanOrEqual(before + 120_000);
    expect((await queued(move.id))?.opts.delay).toBe(120_000);
  });

  it("cancels a visit the customer was told of when it goes to the tray (settling) or is deleted (at once), once", async () => {
    const tenant = await tenantWithNotices();
    const trayed = await book(tenant, { customerEmail: uniqueEmail("trayed") });
    await markSent((await noticesOf(trayed.id))[0].id);
    const toTray = { employeeId: null, date: null, time: null };
    expect((await tenant.agent.put(`/api/jobs/${trayed.id}`).send(toTray)).status).toBe(200);
    expect((await tenant.agent.delete(`/api/jobs/${trayed.id}`)).status).toBe(204);
    const told = await db
      .select()
      .from(customerNotices)
      .where(like(customerNotices.dedupeKey, `%:${trayed.id}:%`));
    const cancellations = told.filter((notice) => notice.kind === "cancellation");
    expect(cancellations).toHaveLength(1);
    expect(cancellations[0]).toMatchObject({ visit: { date: "2026-12-01", time: "09:00", type: "Repair" } });
    expect(cancellations[0].sendAfter).not.toBeNull();

    const deleted = await book(tenant, { customerEmail: uniqueEmail("deleted") });
    await markSent((await noticesOf(deleted.id))[0].id);
    expect((await tenant.agent.delete(`/api/jobs/${deleted.id}`)).status).toBe(204);
    const [, cancelled] = await db
      .select()
      .from(customerNotices)
      .where(like(customerNotices.dedupeKey, `%:${deleted.id}:%`))
      .orderBy(asc(customerNotices.createdAt));
    expect(cancelled).toMatchObject({ kind: "cancellation", jobId: null, sendAfter: null });

    // Never told (its confirmation not sent yet): nothing to cancel.
    const untold = await book(tenant, { customerEmail: uniqueEmail("untold") });
    expect((await tenant.agent.delete(`/api/jobs/${untold.id}`)).status).toBe(204);
    const aboutUntold = await db
      .select()
      .from(customerNotices)
      .where(like(customerNotices.dedupeKey, `%:${untold.id}:%`));
    expect(aboutUntold.map((notice) => notice.kind)).toEqual(["confirmation"]);
  });
});

describe("confirmations from the job commands", () => {
  it("records one confirmation to a job's e-mail alone, making no customer named after the address", async () => {
    const tenant = await tenantWithNotices();
    const email = uniqueEmail("customer");
    const job = await book(tenant, { customerEmail: email, customerPhone: "555-010-4444" });
    const notices = await noticesOf(job.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      companyId: tenant.company.id,
      kind: "confirmation",
      recipient: email,
      customerId: null,
      addressOnly: true,
      sentAt: null,
      dedupeKey: `confirmation:${job.id}:2026-12-01T09:00:v${job.version}`,
    });
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored.customerId).toBeNull();
    expect(await db.select().from(customers).where(eq(customers.companyId, tenant.company.id))).toEqual([]);
  });

  it("links a job's e-mail to the customer the company has with that address or phone", async () => {
    const tenant = await tenantWithNotices();
    const email = uniqueEmail("known");
    const [known] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Kim Known", email: email.toUpperCase() })
      .returning();
    const job = await book(tenant, { customerEmail: email });
    const [notice] = await noticesOf(job.id);
    expect(notice).toMatchObject({ customerId: known.id, addressOnly: false, recipient: email });
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored.customerId).toBe(known.id);
  });

  it("confirms again on each move, not on other changes, and a move back is a new change", async () => {
    const tenant = await tenantWithNotices();
    const job = await book(tenant, { customerEmail: uniqueEmail("mover") });
    const put = (body: Record<string, unknown>) => tenant.agent.put(`/api/jobs/${job.id}`).send(body);

    expect((await put({ description: "Bring the long ladder" })).status).toBe(200);
    expect((await put({ status: "in_progress" })).status).toBe(200);
    expect(await noticesOf(job.id)).toHaveLength(1);

    expect((await put({ date: "2026-12-02" })).status).toBe(200);
    expect((await put({ time: "13:30" })).status).toBe(200);
    expect((await put({ date: "2026-12-01", time: "09:00" })).status).toBe(200);
    const notices = await noticesOf(job.id);
    expect(notices.map((n) => n.kind)).toEqual(Array(4).fill("confirmation"));
    expect(new Set(notices.map((n) => n.dedupeKey)).size).toBe(4);
    expect(notices[1].dedupeKey).toContain(":2026-12-02T09:00:");
    expect(notices[2].dedupeKey).toContain(":2026-12-02T13:30:");
  });

  it("uses the customer's e-mail when the job has none", async () => {
    const tenant = await tenantWithNotices();
    const email = uniqueEmail("onfile");
    const [customer] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Cora Customer", email })
      .returning();
    const job = await book(tenant, { customerId: customer.id });
    const notices = await noticesOf(job.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ recipient: email, customerId: customer.id });
  });

  it("records nothing while notices are off, without an e-mail, for a cancelled booking or an opted-out customer", async () => {
    const off = await tenantWithNotices(false);
    expect(await noticesOf((await book(off, { customerEmail: uniqueEmail("off") })).id)).toEqual([]);

    const on = await tenantWithNotices();
    expect(await noticesOf((await book(on)).id)).toEqual([]);
    expect(
      await noticesOf((await book(on, { customerEmail: uniqueEmail("x"), status: "cancelled" })).id),
    ).toEqual([]);

    const email = uniqueEmail("optedout");
    await db
      .insert(customers)
      .values({ companyId: on.company.id, name: "Opted Out", email, noticesOptedOutAt: new Date() });
    expect(await noticesOf((await book(on, { customerEmail: email })).id)).toEqual([]);
  });

  it("never uses another company's customer", async () => {
    const a = await tenantWithNotices();
    const b = await tenantWithNotices();
    const email = uniqueEmail("shared");
    const [theirs] = await db
      .insert(customers)
      .values({ companyId: b.company.id, name: "B's", email })
      .returning();
    const job = await book(a, { customerEmail: email });
    const [notice] = await noticesOf(job.id);
    expect(notice.companyId).toBe(a.company.id);
    // B's customer with that address is not A's to use: A's notice goes to the address alone.
    expect(notice.customerId).not.toBe(theirs.id);
    expect(notice).toMatchObject({ customerId: null, addressOnly: true });
    const [stored] = await db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored.customerId).toBeNull();
  });
});

describe("jobs made from a template", () => {
  it("keep their customer and are confirmed as other new jobs are; a customer deleted since is left out", async () => {
    const tenant = await tenantWithNotices();
    const email = uniqueEmail("regular");
    const [regular] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Rita Regular", email })
      .returning();
    const [gone] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Gus Gone", email: uniqueEmail("gone") })
      .returning();
    await book(tenant, { customerId: regular.id });
    await book(tenant, { customerId: gone.id, time: "13:00" });
    const saved = await tenant.agent
      .post("/api/templates")
      .send({ companyId: tenant.company.id, name: "Regulars", weekStart: "2026-11-30" });
    expect(saved.status).toBe(201);
    await db.delete(customers).where(eq(customers.id, gone.id));

    const applied = await tenant.agent
      .post(`/api/templates/${saved.body.id}/apply`)
      .send({ companyId: tenant.company.id, weekStart: "2026-12-07" });
    expect(applied.body).toEqual({ created: 2, skipped: 0 });
    const made = await db
      .select()
      .from(jobs)
      .where(eq(jobs.date, "2026-12-08"))
      .orderBy(asc(jobs.time))
      .then((rows) => rows.filter((job) => job.companyId === tenant.company.id));
    expect(made.map((job) => job.customerId)).toEqual([regular.id, null]);
    expect(await noticesOf(made[0].id)).toMatchObject([
      { kind: "confirmation", customerId: regular.id, recipient: email },
    ]);
    // The deleted customer's job keeps no link and no e-mail: no one to tell.
    expect(await noticesOf(made[1].id)).toEqual([]);
  });
});

describe("recurring jobs", () => {
  /** A weekly series from Tuesday 1 December for `customerId`. */
  const weeklyFor = (tenant: Tenant & { agent: Agent }, customerId: string) =>
    tenant.agent.post("/api/job-series").send({
      companyId: tenant.company.id,
      employeeId: tenant.employee.id,
      type: "Maintenance",
      location: "4 Elm St",
      time: "09:00",
      startDate: "2026-12-01",
      rrule: "FREQ=WEEKLY",
      customerId,
    });
  const seriesNotices = (companyId: string) =>
    db
      .select()
      .from(customerNotices)
      .where(and(eq(customerNotices.companyId, companyId), like(customerNotices.dedupeKey, "series:%")))
      .orderBy(asc(customerNotices.createdAt));

  it("a new series records one notice for its customer, not one per date; a rule or time change one more; other edits none", async () => {
    const tenant = await tenantWithNotices();
    const email = uniqueEmail("weekly");
    const [customer] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Wes Weekly", email })
      .returning();
    const made = await weeklyFor(tenant, customer.id);
    expect(made.status).toBe(201);
    expect(made.body.created).toBeGreaterThan(1);
    expect(await seriesNotices(tenant.company.id)).toMatchObject([
      {
        kind: "series_confirmation",
        customerId: customer.id,
        recipient: email,
        jobId: null,
        dedupeKey: `series:${made.body.id}:v1`,
      },
    ]);
    const occurrences = await db.select().from(jobs).where(eq(jobs.seriesId, made.body.id));
    for (const job of occurrences.slice(0, 3)) expect(await noticesOf(job.id)).toEqual([]);

    const put = (body: Record<string, unknown>) =>
      tenant.agent.put(`/api/job-series/${made.body.id}`).send({ from: "2026-12-01", ...body });
    expect((await put({ description: "Check the pressure", version: 1 })).status).toBe(200);
    expect(await seriesNotices(tenant.company.id)).toHaveLength(1);
    expect((await put({ rrule: "FREQ=WEEKLY;INTERVAL=2", version: 2 })).status).toBe(200);
    expect((await put({ time: "13:00", version: 3 })).status).toBe(200);
    expect((await seriesNotices(tenant.company.id)).map((n) => [n.kind, n.dedupeKey])).toEqual([
      ["series_confirmation", `series:${made.body.id}:v1`],
      ["series_change", `series:${made.body.id}:v3`],
      ["series_change", `series:${made.body.id}:v4`],
    ]);
  });

  it("records nothing without a customer's e-mail or while notices are off", async () => {
    // Notices off with an e-mail on file; notices on with none.
    const cases = [
      { tenant: await tenantWithNotices(false), email: uniqueEmail("off") },
      { tenant: await tenantWithNotices(), email: null },
    ];
    for (const { tenant, email } of cases) {
      const [customer] = await db
        .insert(customers)
        .values({ companyId: tenant.company.id, name: "Nia Nomail", email })
        .returning();
      const res = await weeklyFor(tenant, customer.id);
      expect(res.status).toBe(201);
      expect(await seriesNotices(tenant.company.id)).toEqual([]);
    }
  });
});

describe("on the way", () => {
  it("records one notice when the technician taps On my way, however often", async () => {
    const tenant = await tenantWithNotices();
    const email = uniqueEmail("waiting");
    const job = await buildJob(tenant.company.id, tenant.employee.id, {
      customerEmail: email,
      date: "2026-12-03",
    });
    const technician = await agentFor(tenant.employeeUser);
    expect((await technician.put(`/api/jobs/${job.id}`).send({ onMyWay: true })).status).toBe(200);
    expect((await technician.put(`/api/jobs/${job.id}`).send({ onMyWay: true })).status).toBe(200);
    const notices = await noticesOf(job.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "on_the_way",
      recipient: email,
      dedupeKey: `on_the_way:${job.id}:2026-12-03`,
    });
  });
});

describe("POST /api/unsubscribe/:token", () => {
  async function customerOf(tenant: Tenant) {
    const [customer] = await db
      .insert(customers)
      .values({ companyId: tenant.company.id, name: "Una Subscribe", email: uniqueEmail("unsub") })
      .returning();
    return customer;
  }

  it("stops further notices for that customer and answers the same when repeated", async () => {
    const tenant = await tenantWithNotices();
    const customer = await customerOf(tenant);
    const token = unsubscribeToken({ companyId: tenant.company.id, customerId: customer.id, email: "" });
    expect(addresseeOfToken(token)).toEqual({ customerId: customer.id });

    const first = await anonymous().post(`/api/unsubscribe/${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ companyName: tenant.company.name, optedOutAt: expect.any(String) });
    const again = await anonymous().post(`/api/unsubscribe/${token}`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const [stored] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(stored.noticesOptedOutAt?.toISOString()).toBe(first.body.optedOutAt);

    const job = await book(tenant, { customerId: customer.id });
    expect(await noticesOf(job.id)).toEqual([]);
  });

  it("answers 404 for a malformed, forged or deleted customer's token, changing nothing", async () => {
    const tenant = await tenantWithNotices();
    const customer = await customerOf(tenant);
    const forged = `${customer.id}.${"A".repeat(43)}`;
    const gone = unsubscribeToken({
      companyId: tenant.company.id,
      customerId: crypto.randomUUID(),
      email: "",
    });
    for (const token of ["nonsense", forged, gone]) {
      const res = await anonymous().post(`/api/unsubscribe/${token}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "not_found", message: "This unsubscribe link is not valid" });
    }
    const [stored] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(stored.noticesOptedOutAt).toBeNull();
  });

  it("stops notices to a job's e-mail alone for its company only; a forged or moved address link is 404", async () => {
    const tenant = await tenantWithNotices();
    const other = await tenantWithNotices();
    const email = uniqueEmail("bare");
    const to = { companyId: tenant.company.id, customerId: null, email };
    const token = unsubscribeToken(to);
    expect(addresseeOfToken(token)).toEqual({ companyId: tenant.company.id, email });

    // The same address under another company, or another address under this signature: not valid.
    const [, encoded, signature] = token.split(".");
    const moved = `${other.company.id}.${encoded}.${signature}`;
    const swapped = `${tenant.company.id}.${Buffer.from(uniqueEmail("else")).toString("base64url")}.${signature}`;
    for (const bad of [moved, swapped]) {
      const res = await anonymous().post(`/api/unsubscribe/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("This unsubscribe link is not valid");
    }
    expect(await db.select().from(noticeOptOuts).where(eq(noticeOptOuts.email, email))).toEqual([]);

    const first = await anonymous().post(`/api/unsubscribe/${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ companyName: tenant.company.name, optedOutAt: expect.any(String) });
    expect((await anonymous().post(`/api/unsubscribe/${token}`)).body).toEqual(first.body);

    // This company tells the address nothing more, in any case of its spelling; the other still may.
    expect(await noticesOf((await book(tenant, { customerEmail: email.toUpperCase() })).id)).toEqual([]);
    expect(await noticesOf((await book(other, { customerEmail: email })).id)).toHaveLength(1);
  });
});
