/**
 * Jobs deleted from the board, kept for a day so Delete's Undo puts the job back as it was,
 * under the same id, with its photos (docs/schedule.md). The job row is kept whole as JSON, so
 * a column added to jobs later is kept too; the photo bytes are copied inside the database.
 * The daily sweep removes what is older (core/src/commands/restore-job.ts).
 */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { bytea } from "./columns";

export const deletedJobs = pgTable(
  "deleted_job",
  {
    /** The deleted job's own id: the Undo gives it back. */
    id: uuid("id").primaryKey(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The job row as it was deleted (drizzle's row, timestamps as ISO strings). */
    job: jsonb("job").$type<Record<string, unknown>>().notNull(),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("deleted_job_deleted_at_idx").on(t.deletedAt)],
);

/** The deleted job's photos, column for column as job_photos has them. */
export const deletedJobPhotos = pgTable(
  "deleted_job_photo",
  {
    id: uuid("id").primaryKey(),
    deletedJobId: uuid("deleted_job_id")
      .notNull()
      .references(() => deletedJobs.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("deleted_job_photo_job_idx").on(t.deletedJobId)],
);
