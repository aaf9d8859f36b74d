/**
 * Issuing a member's calendar feed address (docs/settings.md). The token is 32 random bytes,
 * base64url; company_user keeps only its SHA-256, so a database dump holds no working
 * address. A new token replaces the old one: the old address then answers 404.
 */
import { randomBytes } from "node:crypto";
import type { CalendarFeedDTO } from "@sched/shared-types";
import { and, eq, isNotNull } from "drizzle-orm";
import { config } from "../config";
import { db } from "../db/client";
import { companyUsers } from "../db/schema";
import { Conflict } from "../errors";
import { hashToken } from "../lib/tokens";
import type { CompanyAccess } from "../policies/company-access";

export const LINK_FIRST = "Link your account to a roster employee first";

const calendarFeedUrl = (token: string) => `${config.appUrl}/api/calendar/${token}.ics`;

/**
 * POST /api/companies/:companyId/calendar-feed: a fresh secret address of the member's own
 * jobs. Only a member linked to a roster employee has jobs of their own (409 otherwise).
 */
export async function issueCalendarFeed(member: CompanyAccess): Promise<CalendarFeedDTO> {
  const token = randomBytes(32).toString("base64url");
  const [updated] = await db
    .update(companyUsers)
    .set({ calendarTokenHash: hashToken(token) })
    .where(
      and(
        eq(companyUsers.companyId, member.companyId),
        eq(companyUsers.userId, member.userId),
        // Checked in the same statement, so an unlink at the same moment cannot slip between.
        isNotNull(companyUsers.employeeId),
      ),
    )
    .returning({ id: companyUsers.id });
  if (!updated) throw new Conflict(LINK_FIRST);
  return { url: calendarFeedUrl(token) };
}
