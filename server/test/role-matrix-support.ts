/** The role matrix's vocabulary: expected statuses, the shared context, and row makers. */
import { inviteMember } from "../src/commands/invite-member";
import { db } from "../src/db/client";
import { callRecords, scheduleTemplates, weeklySchedules } from "../src/db/schema";
import { addMember, buildEmployee, buildJob, uniqueEmail } from "./factories";

/** A status; "ok" is any 2xx; "allowed" is anything but a refusal (401, 403, 404) or a 5xx. */
export type Expect = number | "ok" | "allowed";
export type Who = "owner" | "admin" | "employee" | "nonMember";
export type Ctx = {
  companyId: string;
  /** A roster employee that stays for the whole file. */
  employeeId: string;
  make: ReturnType<typeof makers>;
};
export type Entry = {
  /** "METHOD /path/pattern": the test's name and the method to send. */
  route: string;
  path: (ctx: Ctx) => string | Promise<string>;
  body?: (ctx: Ctx) => object | Promise<object>;
  expected: Record<Who, Expect>;
};

export const MONDAY = "2026-11-23";
export const read = { owner: 200, admin: 200, employee: 200, nonMember: 403 } as const;
export const office = { owner: "ok", admin: "ok", employee: 403, nonMember: 403 } as const;
/** An office change to a row by id: another company's row is 404, as an unknown id. */
export const officeById = { owner: "ok", admin: "ok", employee: 403, nonMember: 404 } as const;
export const anyUser = { owner: 200, admin: 200, employee: 200, nonMember: 200 } as const;
export const systemAdminOnly = { owner: 403, admin: 403, employee: 403, nonMember: 403 } as const;

let weekCounter = 0;
export function makers(companyId: string, invitedBy: string) {
  return {
    employee: () => buildEmployee(companyId, { name: "Matrix Person", initials: "MP" }),
    job: async () => buildJob(companyId, (await buildEmployee(companyId)).id),
    template: async () =>
      (await db.insert(scheduleTemplates).values({ companyId, name: "Matrix week" }).returning())[0],
    weeklySchedule: async () => {
      const start = new Date(Date.UTC(2020, 0, 6 + 7 * weekCounter++));
      const end = new Date(start.getTime() + 6 * 24 * 60 * 60 * 1000);
      const [row] = await db
        .insert(weeklySchedules)
        .values({
          companyId,
          weekStartDate: start.toISOString().slice(0, 10),
          weekEndDate: end.toISOString().slice(0, 10),
          name: "Matrix week",
        })
        .returning();
      return row;
    },
    callRecord: async () =>
      (
        await db
          .insert(callRecords)
          .values({
            companyId,
            customerName: "Cal Caller",
            customerPhone: "555 0100",
            serviceType: "service",
            callDate: MONDAY,
            callTime: "10:00",
          })
          .returning()
      )[0],
    invitation: async () =>
      (await inviteMember({ companyId, email: uniqueEmail("matrix"), role: "employee", invitedBy }))
        .invitation,
    member: () => addMember(companyId, "employee"),
  };
}
