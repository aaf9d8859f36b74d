/** Links to choose a new password (docs/auth.md). */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { createdAt } from "./columns";

export const passwordResets = pgTable(
  "password_reset",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token: the token itself only ever exists in the e-mail. */
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When the SMTP server took the e-mail: a retried job never sends it twice. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When the link set a password (or a later reset made it void): it works once. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** The owner who sent the link from the Team screen; null when the person asked themselves. */
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_user_idx").on(t.userId, t.createdAt)],
);
