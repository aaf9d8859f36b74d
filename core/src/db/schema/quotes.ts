/**
 * Quotes (docs/quotes.md): options (good/better/best) of lines, priced when saved in the
 * company's currency; amounts in minor units, quantities and percents in thousandths, like
 * invoices (money.ts). The customer approves one option on the signed quote page; the jobs
 * made from it point back here (`jobs.quote_id`).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
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
import { createdAt, updatedAt, versioned } from "./columns";
import { priceBookItems } from "./money";
import { customers } from "./work";

const minor = (name: string) => bigint(name, { mode: "number" });

const QUOTE_STATUSES_SQL = "'draft', 'sent', 'viewed', 'approved', 'declined', 'expired'";

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** From the company's `document_counters` row of kind "quote": no gap, no repeat. */
    number: integer("number").notNull(),
    status: text("status").notNull().default("draft"),
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    jobType: text("job_type").notNull().default("Repair"),
    notes: text("notes"),
    currency: varchar("currency", { length: 3 }).notNull(),
    /** The company setting when the quote was priced: its lines were entered that way. */
    pricesIncludeTax: boolean("prices_include_tax").notNull(),
    /** No FK: the options are replaced while the quote is edited, and an approved one never is. */
    approvedOptionId: uuid("approved_option_id"),
    /** The name the customer typed as a signature. */
    approvedBy: text("approved_by"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }),
    /** A deposit of this percent (thousandths) of the approved option's total; null: none (quote-deposits.ts). */
    depositPercentThousandths: integer("deposit_percent_thousandths"),
    /** A fixed deposit in minor units; null: none. */
    depositAmount: minor("deposit_amount"),
    ...versioned(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("quotes_company_number_idx").on(t.companyId, t.number),
    index("quotes_company_created_idx").on(t.companyId, t.createdAt),
    index("quotes_customer_idx").on(t.customerId),
    check("quotes_status", sql.raw(`status in (${QUOTE_STATUSES_SQL})`)),
    check("quotes_one_deposit", sql`${t.depositPercentThousandths} is null or ${t.depositAmount} is null`),
  ],
);

export const quoteOptions = pgTable(
  "quote_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    /** Required lines and, once approved, the optional lines chosen. */
    subtotal: minor("subtotal").notNull(),
    tax: minor("tax").notNull(),
    total: minor("total").notNull(),
  },
  (t) => [index("quote_options_quote_idx").on(t.quoteId, t.position)],
);

export const quoteLines = pgTable(
  "quote_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    optionId: uuid("option_id")
      .notNull()
      .references(() => quoteOptions.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    priceBookItemId: uuid("price_book_item_id").references(() => priceBookItems.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    quantityThousandths: bigint("quantity_thousandths", { mode: "number" }).notNull(),
    unitPrice: minor("unit_price").notNull(),
    /** 10 % off is 10000; null: no percent discount. */
    discountPercentThousandths: integer("discount_percent_thousandths"),
    /** Minor units off the line; null: no amount discount. */
    discountAmount: minor("discount_amount"),
    /** The tax percent when priced (thousandths); null: no tax. */
    taxPercentThousandths: integer("tax_percent_thousandths"),
    taxRateName: text("tax_rate_name"),
    optional: boolean("optional").notNull().default(false),
    /** An optional line the customer ticked on approval. */
    chosen: boolean("chosen").notNull().default(false),
    position: integer("position").notNull(),
    net: minor("net").notNull(),
    tax: minor("tax").notNull(),
    gross: minor("gross").notNull(),
  },
  (t) => [
    index("quote_lines_option_idx").on(t.optionId, t.position),
    check(
      "quote_lines_one_discount",
      sql`${t.discountPercentThousandths} is null or ${t.discountAmount} is null`,
    ),
  ],
);
