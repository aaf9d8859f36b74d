/**
 * Their own work only (docs/customers.md, docs/my-day.md): a technician (employee role)
 * finds the customers of their own jobs, past and upcoming, and no other; Team and
 * History, which show other people's contact details and the office's weeks, answer 403.
 * Chat's directory still shows everyone's name.
 */
import { db } from "@sched/core/db/client";
import { callRecords, companyUsers, customers } from "@sched/core/db/schema";
import { addMember, buildEmployee, buildJob, buildTenant } from "@sched/core/test/factories";
import { CUSTOMER_NOT_FOUND } from "@sched/shared-types";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Agent, agentFor } from "./support";

async function buildCustomer(companyId: string, name: string) {
  const [row] = await db
    .insert(customers)
    .values({ companyId, name, searchText: name.toLowerCase() })
    .returning();
  return row;
}

/** A company with a technician linked to roster employee `mine`, and customers of every kind. */
async function buildCustomerBook() {
  const tenant = await buildTenant();
  const companyId = tenant.company.id;
  const mine = tenant.employee;
  const colleague = await buildEmployee(companyId, { name: "Cole League", initials: "CL" });
  await db
    .update(companyUsers)
    .set({ employeeId: mine.id })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, tenant.employeeUser.id)));
  const past = await buildCustomer(companyId, "Paula Past");
  const upcoming = await buildCustomer(companyId, "Uma Upcoming");
  const colleagues = await buildCustomer(companyId, "Carl Colleagues");
  const nobodys = await buildCustomer(companyId, "Nora Nobody");
  const pastJob = await buildJob(companyId, mine.id, { customerId: past.id, date: "2020-01-06" });
  const upcomingJob = await buildJob(companyId, mine.id, { customerId: upcoming.id, date: "2999-01-06" });
  // The colleague also went to Paula once: the technician sees their own visit only.
  const colleaguesVisit = await buildJob(companyId, colleague.id, {
    customerId: past.id,
    date: "2020-02-03",
  });
  await buildJob(companyId, colleague.id, { customerId: colleagues.id });
  await db.insert(callRecords).values({
    companyId,
    customerId: past.id,
    customerName: past.name,
    customerPhone: "555 010 0100",
    serviceType: "service",
    callDate: "2020-01-02",
    callTime: "10:00",
  });
  return { ...tenant, past, upcoming, colleagues, nobodys, pastJob, upcomingJob, colleaguesVisit };
}

type Book = Awaited<ReturnType<typeof buildCustomerBook>>;
let book: Book;
let technician: Agent;
let owner: Agent;

beforeAll(async () => {
  book = await buildCustomerBook();
  [technician, owner] = await Promise.all([agentFor(book.employeeUser), agentFor(book.owner)]);
});

const names = (rows: { name: string }[]) => rows.map((row) => row.name).sort();

describe("a technician's customers", () => {
  it("lists the customers of their own jobs, past and upcoming", async () => {
    const res = await technician.get(`/api/customers?companyId=${book.company.id}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Paula Past", "Uma Upcoming"]);
  });

  it("finds no other customer by search", async () => {
    for (const q of ["carl", "nora", "colleagues"]) {
      const res = await technician.get(`/api/customers?companyId=${book.company.id}&q=${q}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
    const mine = await technician.get(`/api/customers?companyId=${book.company.id}&q=uma`);
    expect(names(mine.body)).toEqual(["Uma Upcoming"]);
  });

  it("answers 404 for another customer by id", async () => {
    for (const customer of [book.colleagues, book.nobodys]) {
      const res = await technician.get(`/api/customers/${customer.id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(CUSTOMER_NOT_FOUND);
    }
  });

  it("shows their own customer with their own visits only and without the office's calls", async () => {
    const res = await technician.get(`/api/customers/${book.past.id}`);
    expect(res.status).toBe(200);
    expect(res.body.pastJobs.map((job: { id: string }) => job.id)).toEqual([book.pastJob.id]);
    expect(res.body.upcomingJobs).toEqual([]);
    expect(res.body.calls).toEqual([]);
  });

  it("has none while not linked to a roster employee", async () => {
    const unlinked = await agentFor(await addMember(book.company.id, "employee"));
    const list = await unlinked.get(`/api/customers?companyId=${book.company.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    expect((await unlinked.get(`/api/customers/${book.past.id}`)).status).toBe(404);
  });

  it("leaves the office the whole book, with every visit and call", async () => {
    const list = await owner.get(`/api/customers?companyId=${book.company.id}`);
    expect(names(list.body)).toEqual(["Carl Colleagues", "Nora Nobody", "Paula Past", "Uma Upcoming"]);
    const detail = await owner.get(`/api/customers/${book.past.id}`);
    expect(detail.body.pastJobs.map((job: { id: string }) => job.id)).toEqual([
      book.colleaguesVisit.id,
      book.pastJob.id,
    ]);
    expect(detail.body.calls).toHaveLength(1);
  });

  it("answers 404 for another company's customer, to the office too", async () => {
    const other = await buildCustomerBook();
    for (const agent of [technician, owner]) {
      expect((await agent.get(`/api/customers/${other.past.id}`)).status).toBe(404);
    }
  });
});

describe("the office's screens", () => {
  it("refuses a technician the members with their e-mails, and the history", async () => {
    const companyId = book.company.id;
    for (const path of [
      `/api/companies/${companyId}/users`,
      `/api/companies/${companyId}/invitations`,
      `/api/weekly-schedules?companyId=${companyId}`,
    ]) {
      const res = await technician.get(path);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe("forbidden");
    }
    expect((await owner.get(`/api/companies/${companyId}/users`)).status).toBe(200);
    expect((await owner.get(`/api/weekly-schedules?companyId=${companyId}`)).status).toBe(200);
  });

  it("still gives a technician everyone's name for chat, without contact details", async () => {
    const res = await technician.get(`/api/companies/${book.company.id}/people`);
    expect(res.status).toBe(200);
    expect(res.body.map((person: { userId: string }) => person.userId)).toEqual(
      expect.arrayContaining([book.owner.id, book.admin.id, book.employeeUser.id]),
    );
    expect(res.body).toContainEqual({
      userId: book.employeeUser.id,
      firstName: book.employeeUser.firstName,
      lastName: book.employeeUser.lastName,
      employeeId: book.employee.id,
    });
    expect(JSON.stringify(res.body)).not.toContain("@");
  });
});
