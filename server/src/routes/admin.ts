/**
 * Platform administration (SPEC sections 2, 6 and 7). Every /api/admin route needs a
 * signed-in user whose users.is_system_admin is set: the browser's fixed admin key
 * header is public (it ships in the JavaScript), so it is never a credential and is
 * ignored. POST /api/make-admin turns an existing user into one with the setup password.
 */
import {
  type AdminOverviewDTO,
  type TMakeAdmin,
  ZGrantFreeAccess,
  ZMakeAdmin,
  ZRevokeFreeAccess,
} from "@sched/shared-types";
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { type NextFunction, type Request, type Response, Router } from "express";
import { assertNotLocked, clearFailures, recordFailure } from "../auth/rate-limit";
import { requireUser } from "../auth/session";
import { isTrialExpired } from "../auth/subscription-state";
import { type CompanyRow, grantFreeAccess } from "../commands/grant-free-access";
import { makeSystemAdmin } from "../commands/make-admin";
import { type Activity, recordActivity } from "../commands/record-activity";
import { revokeFreeAccess } from "../commands/revoke-free-access";
import { config } from "../config";
import { db } from "../db/client";
import { companies, jobs, users } from "../db/schema";
import { Forbidden, Unauthorized } from "../errors";
import { addDays, toDateString, weekStartOf } from "../lib/dates";
import { validate } from "../middleware/validate";
import { presentAdminCompany } from "../presenters/admin";
import { publish } from "../realtime/publish";

export const SETUP_DISABLED = "Admin setup is disabled: set ADMIN_SETUP_PASSWORD on the server to enable it";
export const SETUP_REFUSED = "Invalid credentials or user not found";
export const NOT_SYSTEM_ADMIN = "Only system administrators can use the admin dashboard";

/** 401 when signed out, 403 unless the user is a system administrator now (read on every request). */
async function requireSystemAdmin(req: Request, _res: Response, next: NextFunction) {
  if (!req.userId) throw new Unauthorized();
  const [user] = await db
    .select({ isSystemAdmin: users.isSystemAdmin })
    .from(users)
    .where(eq(users.id, req.userId))
    .limit(1);
  if (!user) throw new Unauthorized();
  if (!user.isSystemAdmin) throw new Forbidden(NOT_SYSTEM_ADMIN);
  next();
}

export const adminSetupRouter = Router();

/** No setup password configured means nobody can become an administrator this way (SPEC leaves it open). */
function requireSetupEnabled(_req: Request, _res: Response, next: NextFunction) {
  if (!config.adminSetupPassword) throw new Forbidden(SETUP_DISABLED);
  next();
}

adminSetupRouter.post("/make-admin", requireSetupEnabled, validate(ZMakeAdmin), async (req, res) => {
  const { email, adminPassword } = req.body as TMakeAdmin;
  const ip = req.ip ?? "unknown";
  await assertNotLocked("make-admin", email, ip);
  const result = await makeSystemAdmin(email, adminPassword, config.adminSetupPassword!);
  if (!result) {
    await recordFailure("make-admin", email, ip);
    throw new Unauthorized(SETUP_REFUSED);
  }
  await clearFailures("make-admin", email);
  res.json({ email: result.email });
});

export const adminRouter = Router();
adminRouter.use(requireUser, requireSystemAdmin);

adminRouter.get("/companies", async (_req, res) => {
  const rows = await db.select().from(companies).orderBy(desc(companies.createdAt), companies.name);
  res.json(rows.map(presentAdminCompany));
});

adminRouter.get("/free-access-companies", async (_req, res) => {
  const rows = await db
    .select()
    .from(companies)
    .where(eq(companies.isFreeAccount, true))
    .orderBy(desc(companies.freeAccessGrantedAt), companies.name);
  res.json(rows.map(presentAdminCompany));
});

adminRouter.get("/overview", async (_req, res) => {
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
  const overview: AdminOverviewDTO = {
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
  res.json(overview);
});

/** What the company's members see in their bell; the admin's reason stays internal. */
function freeAccessActivity(company: CompanyRow): Activity {
  if (company.isFreeAccount) {
    return { kind: "payment.updated", title: "Free access granted", detail: "Every feature, at no charge" };
  }
  const detail =
    company.subscriptionStatus === "active"
      ? "Your paid plan continues"
      : isTrialExpired(company)
        ? "Your trial has ended: choose a plan to keep making changes"
        : "Back on the free trial";
  return { kind: "payment.updated", title: "Free access ended", detail };
}

/**
 * After commit: the company's screens refetch their subscription info (banner, read-only
 * state). The bell entry is not awaited: it logs its own failures and never undoes the change.
 */
function announce(company: CompanyRow, adminUserId: string) {
  publish(company.id, "subscription.updated", { companyId: company.id });
  void recordActivity(company.id, freeAccessActivity(company), adminUserId);
}

adminRouter.post("/grant-free-access", validate(ZGrantFreeAccess), async (req, res) => {
  const company = await grantFreeAccess(req.body.companyId, req.userId!, req.body.notes);
  announce(company, req.userId!);
  res.json(presentAdminCompany(company));
});

adminRouter.post("/revoke-free-access", validate(ZRevokeFreeAccess), async (req, res) => {
  const company = await revokeFreeAccess(req.body.companyId, req.userId!);
  announce(company, req.userId!);
  res.json(presentAdminCompany(company));
});
