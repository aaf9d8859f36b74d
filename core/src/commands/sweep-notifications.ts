/**
 * The bell's retention (docs/realtime.md): entries older than 90 days are
 * deleted by a daily sweep. The bell shows a person's last 20 entries, so an old one is
 * seen again only by someone who is told almost nothing; keeping it forever would let the
 * table grow with every change made. Nobody is told: the entry just stops being listed.
 */
import { lt } from "drizzle-orm";
import { db } from "../db/client";
import { notifications } from "../db/schema";

/** How long a bell entry is kept. */
export const NOTIFICATION_RETENTION_DAYS = 90;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes the entries created more than NOTIFICATION_RETENTION_DAYS before `now`; returns how many. */
export async function sweepOldNotifications(now = new Date()): Promise<number> {
  const keptFrom = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
  const removed = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, keptFrom))
    .returning({ id: notifications.id });
  return removed.length;
}
