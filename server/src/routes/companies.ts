import { type Role, ZCompanyCreate } from "@sched/shared-types";
import { asc, eq } from "drizzle-orm";
import { Router } from "express";
import { memberOf, requireCompany } from "../auth/company-access";
import { requireUser } from "../auth/session";
import { createCompanyForOwner } from "../commands/create-company";
import { db } from "../db/client";
import { companies, companyUsers } from "../db/schema";
import { validate } from "../middleware/validate";
import { presentCompany } from "../presenters/users";

export const companiesRouter = Router();

/** The user's memberships with the company names, oldest first. */
export async function listMemberships(userId: string) {
  return db
    .select({ id: companies.id, name: companies.name, role: companyUsers.role })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(eq(companyUsers.userId, userId))
    .orderBy(asc(companyUsers.joinedAt), asc(companies.name));
}

companiesRouter.get("/companies", requireUser, async (req, res) => {
  const rows = await listMemberships(req.userId!);
  res.json(rows.map((row) => presentCompany(row, row.role as Role)));
});

companiesRouter.get("/user/companies", requireUser, async (req, res) => {
  const rows = await listMemberships(req.userId!);
  res.json(rows.map((row) => ({ companyId: row.id, role: row.role as Role })));
});

companiesRouter.post("/companies", requireUser, validate(ZCompanyCreate), async (req, res) => {
  const company = await db.transaction((tx) => createCompanyForOwner(tx, req.userId!, req.body.name));
  res.status(201).json(presentCompany(company, "owner"));
});

/** One company the user belongs to, with their role there (the header shows its name). */
companiesRouter.get("/companies/:companyId", requireUser, requireCompany("read"), async (req, res) => {
  const member = memberOf(req);
  const [company] = await db.select().from(companies).where(eq(companies.id, member.companyId));
  res.json(presentCompany(company, member.role));
});
