/** What the platform admin dashboard reads (docs/admin.md): every company, and the platform's figures. */
import type { AdminCompanyDTO, AdminOverviewDTO } from "@sched/shared-types";
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { db } from "../db/client";
import { companies, jobs, users } from "../db/schema";
import { addDays, toDateString, weekStartOf } from "../lib/dates";
import { presentAdminCompany } from "../presenters/admin";

/** Every company, newest first. */
export async function listCompaniesForAdmin(): Promise<AdminCompanyDTO[]> {
  const rows = await db.select().from(companies).orderBy(desc(companies.createdAt), companies.name);
  return rows.map(presentAdminCompany);
}

/** The companies with free access, latest grant first. */
export async function listFreeAccessCompanies(): Promise<AdminCompanyDTO[]> {
  const rows = await db
    .select()
    .from(companies)
    .where(eq(companies.isFreeAccount, true))
    .orderBy(desc(companies.freeAccessGrantedAt), companies.name);
  return rows.map(presentAdminCompany);
}

/** Companies by subscription state, users, and this week's jobs (the week of the server's UTC date). */
export async function adminOverview(): Promise<AdminOverviewDTO> {
  const weekStart = weekStartOf(toDateString(new Date()));
  const weekEnd = addDays(weekStart, 6);
  const paying = sql`not ${companies.isFreeAccount}`;
  const [[byStatus], [people], [work]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        free: sql<number>`count(*) filter (where ${companies.isFreeAccount})::int`,
        paid: sql<number>`count(*) filter (where ${paying} and ${companies.subscriptionStatus} = 'active')::int`,
        trial: sql<number>`count(*) filter (where ${paying} and ${companies.subscriptionStatus} = 'trial')::int`,
        trialExpired: sql<number>`count(*) filter (where ${paying} and ${companies.subscriptionStatus} = 'trial' and ${companies.trialEndsAt} <= now())::int`,
      })
      .from(companies),
    db
      .select({
        total: sql<number>`count(*)::int`,
        systemAdmins: sql<number>`count(*) filter (where ${users.isSystemAdmin})::int`,
      })
      .from(users),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(gte(jobs.date, weekStart), lte(jobs.date, weekEnd))),
  ]);
  return {
    companies: {
      total: byStatus.total,
      FREE: byStatus.free,
      PAID: byStatus.paid,
      TRIAL: byStatus.trial,
      INACTIVE: byStatus.total - byStatus.free - byStatus.paid - byStatus.trial,
      trialExpired: byStatus.trialExpired,
    },
    users: people,
    jobsThisWeek: work.count,
    weekStart,
    weekEnd,
  };
}
