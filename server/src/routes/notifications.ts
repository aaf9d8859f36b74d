/**
 * The header bell (docs/realtime.md): the latest activity of a company that matters to
 * the signed-in user, read state per user and company. Rows are written by
 * commands/record-activity.ts wherever the change happens; this router only reads them.
 */
import { ZNotificationsRead } from "@sched/shared-types";
import { and, desc, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { Router } from "express";
import { memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { db } from "../db/client";
import { activityEvents, notificationReads } from "../db/schema";
import { validate } from "../middleware/validate";
import { can } from "../policies";
import { presentNotification } from "../presenters/notifications";
import { publishToUser } from "../realtime/publish";

export const notificationsRouter = Router();

/** How many entries the bell lists. */
export const NOTIFICATIONS_LIMIT = 20;
/** Job news is news for a day; after that the board itself says it better. */
const JOB_NEWS_HOURS = 24;
/** Members joining and payment state stay listed this long (if still among the last 20). */
const OTHER_NEWS_DAYS = 30;

/** Which activity matters to this user: not their own doing, fresh, and billing only for who pays. */
function mattersTo(userId: string, seesBilling: boolean): SQL {
  const conditions = [
    or(isNull(activityEvents.actorUserId), ne(activityEvents.actorUserId, userId)),
    sql`${activityEvents.createdAt} > now() - make_interval(days => ${OTHER_NEWS_DAYS})`,
    or(
      sql`${activityEvents.kind} not like 'job.%'`,
      sql`${activityEvents.createdAt} > now() - make_interval(hours => ${JOB_NEWS_HOURS})`,
    ),
  ];
  if (!seesBilling) conditions.push(ne(activityEvents.kind, "payment.updated"));
  return and(...conditions)!;
}

notificationsRouter.get("/", requireUser, requireCompany("read"), async (req, res) => {
  const { companyId, userId, role } = memberOf(req);
  const rows = await db
    .select({
      id: activityEvents.id,
      kind: activityEvents.kind,
      title: activityEvents.title,
      detail: activityEvents.detail,
      createdAt: activityEvents.createdAt,
      // Compared in SQL: timestamps keep microseconds that a JS Date would drop.
      isRead: sql<boolean>`coalesce(${activityEvents.createdAt} <= ${notificationReads.lastReadAt}, false)`,
    })
    .from(activityEvents)
    .leftJoin(
      notificationReads,
      and(eq(notificationReads.userId, userId), eq(notificationReads.companyId, activityEvents.companyId)),
    )
    .where(and(eq(activityEvents.companyId, companyId), mattersTo(userId, can(role, "manageBilling"))))
    .orderBy(desc(activityEvents.createdAt))
    .limit(NOTIFICATIONS_LIMIT);
  res.json(rows.map((row) => presentNotification(row, row.isRead)));
});

/** Marks everything up to now as read for this user in this company; their other tabs follow. */
notificationsRouter.post(
  "/read",
  requireUser,
  validate(ZNotificationsRead),
  requireCompany("read"),
  async (req, res) => {
    const { companyId, userId } = memberOf(req);
    await db
      .insert(notificationReads)
      .values({ userId, companyId, lastReadAt: sql`now()` })
      .onConflictDoUpdate({
        target: [notificationReads.userId, notificationReads.companyId],
        set: { lastReadAt: sql`now()` },
      });
    publishToUser(userId, "notification.read", { companyId });
    res.status(204).end();
  },
);
