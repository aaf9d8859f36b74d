import { sql } from "drizzle-orm";
import { db } from "../db/client";

/** True when no user exists yet: the first start of a new installation. */
export async function isDatabaseEmpty(): Promise<boolean> {
  const result = await db.execute(sql`select exists(select 1 from users) as "hasUsers"`);
  return !(result.rows[0] as { hasUsers: boolean }).hasUsers;
}
