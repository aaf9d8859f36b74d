/**
 * A customer's visit page (docs/visits.md): the link every message carries, and the notes
 * the customer leaves for the technician there.
 *
 * A link's token is `<id>.<HMAC>` (core/src/visits/visit-token.ts): nothing secret is stored,
 * so the same link can be sent again and again until it is revoked. `job_id` has no foreign
 * key: a job deleted from the board keeps its links (the page says "cancelled", and the
 * Undo brings the job back under its id with them).
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies } from "./accounts";
import { bytea, createdAt } from "./columns";

export const visitLinks = pgTable(
  "visit_link",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    createdAt: createdAt(),
    /** The visit's date + 30 days; re-set from the job's date whenever the link is used (it moves with the job). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set by the office's Revoke: the link answers 404 and the next message carries a new one. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    // One working link per job: two messages made at once share it.
    uniqueIndex("visit_link_current_idx").on(t.companyId, t.jobId).where(sql`${t.revokedAt} is null`),
  ],
);

/** A note (and perhaps a photo) a customer left on the visit page for the technician. */
export const visitNotes = pgTable(
  "visit_note",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    text: varchar("text", { length: 1000 }).notNull(),
    /** The photo's checked bytes (core/src/lib/photos.ts), all three null without one; lists never read them. */
    photoMimeType: text("photo_mime_type"),
    photoBytes: bytea("photo_bytes"),
    photoSize: integer("photo_size"),
    createdAt: createdAt(),
  },
  (t) => [
    index("visit_note_job_idx").on(t.companyId, t.jobId, t.createdAt),
    check(
      "visit_note_photo_together",
      sql`(${t.photoMimeType} is null) = (${t.photoBytes} is null) and (${t.photoBytes} is null) = (${t.photoSize} is null)`,
    ),
  ],
);
