/**
 * A company's logo (docs/money.md, "Logo"): one row per company that set one, its bytes
 * apart from the money settings so that reading those never reads an image. `etag` is
 * the image's digest: the HTTP answers' ETag and the `?v=` of its addresses.
 */
import { integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { bytea, updatedAt } from "./columns";

export const companyLogos = pgTable("company_logos", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** image/png or image/jpeg, as its bytes say. */
  mimeType: text("mime_type").notNull(),
  bytes: bytea("bytes").notNull(),
  size: integer("size").notNull(),
  etag: text("etag").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});
