/**
 * What the worker needs for the owners' weekly e-mail (docs/numbers.md): the row, whether
 * the company still wants it, its name and locale, its owners' addresses, and the numbers of
 * the week and the week before, read as the Numbers screen reads them (loadNumbers).
 */
import { addDays } from "@sched/shared-types";
import { and, eq, notInArray } from "drizzle-orm";
import { db } from "../db/client";
import { companies, companyUsers, invoices, users, weeklyNumbersMails } from "../db/schema";
import { loadCompanySettings } from "./company-settings";
import { loadNumbers } from "./numbers/load-numbers";

/** The e-mail's facts; undefined when its row (or its company) is gone. */
export async function loadWeeklyNumbersMail(mailId: string) {
  const [mail] = await db.select().from(weeklyNumbersMails).where(eq(weeklyNumbersMails.id, mailId));
  if (!mail) return undefined;
  const { companyId } = mail;
  const [[company], settings, owners, [invoice]] = await Promise.all([
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)),
    loadCompanySettings(companyId),
    db
      .select({ email: users.email })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.role, "owner")))
      .orderBy(users.email),
    // "When money exists": the company has issued an invoice.
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), notInArray(invoices.status, ["draft", "void"])))
      .limit(1),
  ]);
  if (!company) return undefined;
  const numbers = await loadNumbers({ companyId, from: mail.weekFrom, to: addDays(mail.weekFrom, 6) });
  return {
    mail,
    wanted: settings.weeklyNumbersEmail,
    companyName: company.name,
    locale: `en-${settings.country}`,
    owners: owners.map((owner) => owner.email),
    numbers,
    hasMoney: invoice !== undefined,
  };
}

export type WeeklyNumbersFacts = NonNullable<Awaited<ReturnType<typeof loadWeeklyNumbersMail>>>;
