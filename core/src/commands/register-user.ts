import type { TRegister } from "@sched/shared-types";
import { sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import { db } from "../db/client";
import { users } from "../db/schema";
import { Conflict } from "../errors";
import { createCompanyForOwner } from "./create-company";
import { startCompanySettings } from "./save-company-settings";

export const EMAIL_TAKEN = "Email already registered";

/** Whether an account exists for this e-mail, in any letter case. */
export async function isEmailRegistered(email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === "23505" ||
  (error as { cause?: { code?: string } }).cause?.code === "23505";

/** Creates a user and their first company (owner, 14-day trial, their time zone) in one transaction. */
export async function registerUser(input: TRegister) {
  if (await isEmailRegistered(input.email)) throw new Conflict(EMAIL_TAKEN);
  const password = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, password, firstName: input.firstName, lastName: input.lastName })
        .returning();
      const company = await createCompanyForOwner(tx, user.id, input.companyName);
      // The owner's browser time zone, so the company's calendar speaks it from the start.
      await startCompanySettings(tx, company.id, { timeZone: input.timeZone });
      return { user, company };
    });
  } catch (error) {
    // Two registrations racing for one e-mail: the unique index decides.
    if (isUniqueViolation(error)) throw new Conflict(EMAIL_TAKEN);
    throw error;
  }
}
