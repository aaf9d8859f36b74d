/**
 * Factories build a whole tenant per call (a company with its owner, an admin and
 * an employee login, and roster people), so tests never share rows and run in
 * parallel. Passwords are hashed once per file at a low cost to keep tests fast.
 */
import { randomUUID } from "node:crypto";
import type { Role } from "@sched/shared-types";
import bcrypt from "bcrypt";
import { createCompanyForOwner } from "../src/commands/create-company";
import { db } from "../src/db/client";
import { companies, companyUsers, employees, jobs, users } from "../src/db/schema";

export const PASSWORD = "correct-horse-1";
const passwordHash = bcrypt.hash(PASSWORD, 4);

export const uniqueEmail = (label = "user") => `${label}-${randomUUID().slice(0, 8)}@example.test`;

export async function buildUser(overrides: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await db
    .insert(users)
    .values({
      email: uniqueEmail(),
      password: await passwordHash,
      firstName: "Test",
      lastName: "User",
      ...overrides,
    })
    .returning();
  return user;
}

/** A company with an owner; `trialEndsAt` in the past makes an expired trial. */
export async function buildCompany(options: { name?: string; trialEndsAt?: Date } = {}) {
  const owner = await buildUser({ firstName: "Olive", lastName: "Owner" });
  const company = await db.transaction((tx) =>
    createCompanyForOwner(tx, owner.id, options.name ?? `Company ${randomUUID().slice(0, 6)}`),
  );
  if (options.trialEndsAt) {
    const { eq } = await import("drizzle-orm");
    await db.update(companies).set({ trialEndsAt: options.trialEndsAt }).where(eq(companies.id, company.id));
  }
  return { company, owner };
}

export async function addMember(companyId: string, role: Role) {
  const user = await buildUser({ firstName: role === "admin" ? "Adam" : "Emma", lastName: role });
  await db.insert(companyUsers).values({ companyId, userId: user.id, role });
  return user;
}

export async function buildEmployee(
  companyId: string,
  overrides: Partial<typeof employees.$inferInsert> = {},
) {
  const [employee] = await db
    .insert(employees)
    .values({ companyId, name: "Pat Plumber", initials: "PP", avatarColor: "blue", ...overrides })
    .returning();
  return employee;
}

type JobRow = typeof jobs.$inferSelect;
/** A job on the board: with employee, date and time (buildUnscheduledJob makes one without). */
export type ScheduledJobRow = JobRow & { employeeId: string; date: string; time: string };

export async function buildJob(
  companyId: string,
  employeeId: string,
  overrides: Partial<typeof jobs.$inferInsert> = {},
): Promise<ScheduledJobRow> {
  const [job] = await db
    .insert(jobs)
    .values({
      companyId,
      employeeId,
      type: "Repair",
      location: "1 Main St",
      date: "2026-11-23",
      time: "09:00",
      // A completed job carries its completion time (a database rule).
      completedAt: overrides.status === "completed" ? new Date() : null,
      ...overrides,
    })
    .returning();
  return job as ScheduledJobRow;
}

/** A job in the Unscheduled tray: no employee, date or time (docs/schedule.md). */
export async function buildUnscheduledJob(
  companyId: string,
  overrides: Partial<typeof jobs.$inferInsert> = {},
) {
  const [job] = await db
    .insert(jobs)
    .values({
      companyId,
      employeeId: null,
      date: null,
      time: null,
      type: "Repair",
      location: "1 Main St",
      ...overrides,
    })
    .returning();
  return job;
}

/** A whole tenant: company, owner, admin, employee logins and one roster employee. */
export async function buildTenant(options: { trialEndsAt?: Date } = {}) {
  const { company, owner } = await buildCompany(options);
  const admin = await addMember(company.id, "admin");
  const employeeUser = await addMember(company.id, "employee");
  const employee = await buildEmployee(company.id);
  return { company, owner, admin, employeeUser, employee };
}
