/** Column shapes shared by the tables. */
import { customType, integer, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Optimistic concurrency (docs/api.md): every change of an editable row adds 1 to
 * `version` and records who made it, so a save made on an older version is refused
 * with the row as it is now and the name of the person who changed it.
 */
export const versioned = () => ({
  version: integer("version").notNull().default(1),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
});
