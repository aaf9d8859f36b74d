/**
 * Delivering the bell's entries (docs/realtime.md): after a change has
 * committed, one row per recipient in `notification`, then `notification.created` to that
 * recipient's own room only. Who is told what is decided in recipients.ts, the wording in
 * messages.ts. A failure here is logged and never fails the change it describes.
 */
import { type Action, companyTimeFormat, type Role, type TimeFormat } from "@sched/shared-types";
import { eq, inArray } from "drizzle-orm";
import { db } from "../db/client";
import { companyUsers, employees, notifications, users } from "../db/schema";
import { logger } from "../logger";
import type { CompanyAccess } from "../policies/company-access";
import { presentNotification } from "../presenters/notifications";
import { publishToUser } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { timeOffOf } from "../queries/notifications";
import {
  type JobChange,
  jobNotices,
  type Notice,
  type Person,
  peopleWho,
  weekNotices,
  withoutActor,
} from "./recipients";

/** The company's members with the name the bell gives them (their roster name when linked). */
async function loadPeople(companyId: string): Promise<Person[]> {
  const rows = await db
    .select({
      userId: companyUsers.userId,
      role: companyUsers.role,
      employeeId: companyUsers.employeeId,
      firstName: users.firstName,
      lastName: users.lastName,
      employeeName: employees.name,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .leftJoin(employees, eq(employees.id, companyUsers.employeeId))
    .where(eq(companyUsers.companyId, companyId));
  return rows.map((row) => ({
    userId: row.userId,
    role: row.role as Role,
    employeeId: row.employeeId,
    name: row.employeeName ?? `${row.firstName} ${row.lastName}`,
  }));
}

/** How the company's times read in its entries: the same as on its screens and in its e-mails. */
const loadTimeFormat = async (companyId: string) => companyTimeFormat(await loadCompanySettings(companyId));

async function loadEmployeeNames(ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(inArray(employees.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Stores the notices and tells each recipient's own sockets. */
async function deliver(companyId: string, actorUserId: string | undefined, notices: Notice[]) {
  if (notices.length === 0) return;
  const rows = await db
    .insert(notifications)
    .values(notices.map((notice) => ({ ...notice, companyId, actorUserId })))
    .returning();
  const requests = await timeOffOf(
    companyId,
    rows.map((row) => row.timeOffId),
  );
  for (const row of rows) {
    const entry = presentNotification(row, row.timeOffId ? requests.get(row.timeOffId) : null);
    publishToUser(row.recipientUserId, "notification.created", { ...entry, companyId });
  }
}

/** Runs one delivery, logging instead of throwing: the change itself has already happened. */
async function safely(companyId: string, what: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    logger.error({ err: error, companyId, what }, "could not deliver notifications");
  }
}

/** After a job was created, changed or deleted by `member`. */
export function notifyJobChange(member: CompanyAccess, change: JobChange): Promise<void> {
  const { companyId, userId } = member;
  return safely(companyId, `job ${change.type}`, async () => {
    const reassignedTo =
      change.type === "updated" &&
      change.after.employeeId !== null &&
      change.before.employeeId !== change.after.employeeId
        ? [change.after.employeeId]
        : [];
    const audience = {
      people: await loadPeople(companyId),
      employeeNames: await loadEmployeeNames(reassignedTo),
      timeFormat: await loadTimeFormat(companyId),
    };
    await deliver(companyId, userId, jobNotices(change, userId, audience));
  });
}

/** After a template put jobs on the board: `createdFor` holds the employee of each job made. */
export function notifyWeekScheduled(
  member: CompanyAccess,
  weekStart: string,
  createdFor: readonly string[],
): Promise<void> {
  const { companyId, userId } = member;
  return safely(companyId, "template applied", async () => {
    if (createdFor.length === 0) return;
    await deliver(companyId, userId, weekNotices(createdFor, weekStart, userId, await loadPeople(companyId)));
  });
}

/**
 * One entry for every member whose role allows `action` (manageBilling: the owner, who
 * pays; manageTeam: owners and admins), except whoever made the change.
 */
export function notifyMembersWho(
  companyId: string,
  action: Action,
  entry: Pick<Notice, "kind" | "message">,
  actorUserId?: string,
): Promise<void> {
  return safely(companyId, entry.kind, async () => {
    const recipients = peopleWho(await loadPeople(companyId), action);
    const notices = recipients.map((person) => ({ ...entry, recipientUserId: person.userId, jobId: null }));
    await deliver(companyId, actorUserId, withoutActor(notices, actorUserId));
  });
}

/**
 * Entries a caller decides from the company's members (the sick day's one entry per
 * colleague, core/src/notifications/day-replan.ts), delivered like every other.
 */
export function notifyMembers(
  member: CompanyAccess,
  what: string,
  noticesFor: (people: Person[], timeFormat: TimeFormat) => Notice[],
): Promise<void> {
  const { companyId, userId } = member;
  return safely(companyId, what, async () => {
    await deliver(
      companyId,
      userId,
      noticesFor(await loadPeople(companyId), await loadTimeFormat(companyId)),
    );
  });
}
