/**
 * A crew for the bell's tests: the tenant of buildTenant (Olive Owner, Adam admin, Emma
 * the employee login, roster employee Pat Plumber) with Emma linked to Pat, a second
 * technician (Sam Sparks, linked) and a roster employee nobody signs in as.
 */
import { db } from "@sched/core/db/client";
import { companyUsers, notifications } from "@sched/core/db/schema";
import { publish } from "@sched/core/publish";
import { addMember, buildEmployee, buildTenant } from "@sched/core/test/factories";
import type { NotificationDTO } from "@sched/shared-types";
import { and, asc, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { nextEvent } from "./realtime-support";
import { agentFor } from "./support";

export async function linkMember(companyId: string, userId: string, employeeId: string) {
  await db
    .update(companyUsers)
    .set({ employeeId })
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
}

export async function buildCrew() {
  const tenant = await buildTenant();
  const { company, employeeUser, employee } = tenant;
  await linkMember(company.id, employeeUser.id, employee.id);
  const samEmployee = await buildEmployee(company.id, { name: "Sam Sparks", initials: "SS" });
  const sam = await addMember(company.id, "employee");
  await linkMember(company.id, sam.id, samEmployee.id);
  const unlinked = await buildEmployee(company.id, { name: "Uma Unlinked", initials: "UU" });
  return { ...tenant, pat: employeeUser, samEmployee, sam, unlinked };
}

/** Every stored entry of the company as [recipient, kind, message], oldest first. */
export async function storedEntries(companyId: string) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.companyId, companyId))
    .orderBy(asc(notifications.createdAt), asc(notifications.recipientUserId));
  return rows.map((row) => [row.recipientUserId, row.kind, row.message]);
}

export async function bellOf(user: { email: string }, companyId: string): Promise<NotificationDTO[]> {
  const res = await (await agentFor(user)).get(`/api/notifications?companyId=${companyId}`);
  if (res.status !== 200) throw new Error(`bell answered ${res.status}`);
  return res.body;
}

/** Records every notification.created a socket receives, to prove later what never arrived. */
export function recordBell(socket: Socket) {
  const heard: NotificationDTO[] = [];
  socket.on("notification.created", (payload: NotificationDTO) => heard.push(payload));
  return heard;
}

/**
 * Publishes a marker to the company and waits for it on each socket: a socket hears
 * events in the order they were sent, so whatever was sent before has arrived by then.
 */
export async function flush(sockets: Socket[], companyId: string) {
  const markers = sockets.map((socket) => nextEvent(socket, "subscription.updated"));
  publish(companyId, "subscription.updated", { companyId });
  await Promise.all(markers);
}
