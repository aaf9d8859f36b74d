/**
 * A job's photos, before and after, several of each (docs/my-day.md). The bytes
 * live apart from the job row so no list ever reads them; the job row only says whether
 * a photo of each kind exists (jobs.has_before_photo / has_after_photo).
 */
import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { bytea, createdAt } from "./columns";
import { jobs } from "./work";

export const jobPhotos = pgTable(
  "job_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** before or after. */
    kind: text("kind").notNull(),
    mimeType: text("mime_type").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    /** Who took it; null for photos kept from before several were possible, or a user since deleted. */
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // A job's strip, oldest first per kind: the first of each kind is the job's "before"/"after" photo.
  (t) => [index("job_photos_job_idx").on(t.companyId, t.jobId, t.kind, t.createdAt)],
);
