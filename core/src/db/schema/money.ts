/**
 * Getting paid (docs/money.md): the company's money settings and tax rates, the price
 * book, the items added to a job, invoices with their lines and credit notes, and the
 * per-company counter their numbers come from. Every amount is a whole number of the
 * currency's minor units (bigint, read as a JS number), every quantity and tax percent a
 * whole number of thousandths: no floating point is stored.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { companies, users } from "./accounts";
import { createdAt, updatedAt, versioned } from "./columns";
import { customers, jobs } from "./work";

/** A whole number of minor units (cents, yen, fils). */
const minor = (name: string) => bigint(name, { mode: "number" });

/** One row per company that saved them; a company without one reads the defaults. */
export const moneySettings = pgTable("money_settings", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** ISO 4217 code; the default follows the company's country. */
  currency: varchar("currency", { length: 3 }).notNull(),
  /** Prices in the price book and on lines are entered with tax included. */
  pricesIncludeTax: boolean("prices_include_tax").notNull().default(false),
  /** Technicians see the price book's prices and their jobs' item prices. */
  techniciansSeePrices: boolean("technicians_see_prices").notNull().default(false),
  /** The business's tax numbers as printed on documents: `[{label: "VAT", value: "GB123"}]`. */
  taxNumbers: jsonb("tax_numbers").$type<{ label: string; value: string }[]>().notNull().default([]),
  /** The address printed on documents; null: none printed. */
  documentAddress: text("document_address"),
  /** Days from an invoice's date to its due date. */
  paymentTermsDays: integer("payment_terms_days").notNull().default(14),
  /** Days past the due date when the worker e-mails an unpaid sent invoice's customer, each once. */
  reminderDays: integer("reminder_days").array().notNull().default(sql`'{3,7,14}'::integer[]`),
  ...versioned(),
  updatedAt: updatedAt(),
});

/** A company's tax rates; one taken off the list is archived, so what used it keeps its percent. */
export const taxRates = pgTable(
  "tax_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** 8.875 % is 8875. */
    percentThousandths: integer("percent_thousandths").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tax_rates_company_idx").on(t.companyId),
    check("tax_rates_percent_range", sql`${t.percentThousandths} between 0 and 100000`),
  ],
);

export const priceBookItems = pgTable(
  "price_book_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    kind: text("kind").$type<"service" | "material">().notNull(),
    unitPrice: minor("unit_price").notNull(),
    /** What the item costs the company, in the same currency; null: not kept. */
    cost: minor("cost"),
    currency: varchar("currency", { length: 3 }).notNull(),
    taxRateId: uuid("tax_rate_id").references(() => taxRates.id, { onDelete: "set null" }),
    /** "hour", "each", "m"; null: none shown. */
    unit: text("unit"),
    ...versioned(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The import matches rows by name, whatever its case.
    uniqueIndex("price_book_company_name_idx").on(t.companyId, sql`lower(${t.name})`),
    check("price_book_kind", sql`${t.kind} in ('service', 'material')`),
  ],
);

/** What was sold on a job: from the price book or typed, priced when added. */
export const jobItems = pgTable(
  "job_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    priceBookItemId: uuid("price_book_item_id").references(() => priceBookItems.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    quantityThousandths: bigint("quantity_thousandths", { mode: "number" }).notNull(),
    unitPrice: minor("unit_price").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    /** The tax percent when added (thousandths); null: no tax. */
    taxPercentThousandths: integer("tax_percent_thousandths"),
    taxRateName: text("tax_rate_name"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("job_items_job_idx").on(t.jobId, t.createdAt)],
);

/** The next number of each kind of document ("invoice", "credit_note"), taken in the creating transaction. */
export const documentCounters = pgTable(
  "document_counters",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind] })],
);

const INVOICE_STATUSES_SQL = "'draft', 'sent', 'viewed', 'partly_paid', 'paid', 'overdue', 'void'";

export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    status: text("status").notNull().default("draft"),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The customer as billed, kept when the customer changes. */
    billTo: jsonb("bill_to").$type<{ name: string; address: string | null; email: string | null }>(),
    currency: varchar("currency", { length: 3 }).notNull(),
    pricesIncludeTax: boolean("prices_include_tax").notNull(),
    subtotal: minor("subtotal").notNull(),
    tax: minor("tax").notNull(),
    total: minor("total").notNull(),
    /** Paid so far, refunds deducted; credit notes are apart. */
    paid: minor("paid").notNull().default(0),
    credited: minor("credited").notNull().default(0),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidReason: text("void_reason"),
    /**
     * The day the payment that settled it was received: set by invoice-settlement.ts whenever
     * the status becomes or stays paid; null otherwise and when a credit note settled it (not
     * paid: the owner's days to paid leave it out, docs/numbers.md).
     */
    paidOn: date("paid_on", { mode: "string" }),
    /**
     * When its work was done: the latest completion of its jobs, kept by the database's
     * triggers on jobs and invoice_jobs (migration 0047), whatever path changes either; the
     * owner's days to paid read it instead of looking up each invoice's jobs (docs/numbers.md).
     */
    workDoneAt: timestamp("work_done_at", { withTimezone: true }),
    ...versioned(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_company_number_idx").on(t.companyId, t.number),
    index("invoices_company_created_idx").on(t.companyId, t.createdAt),
    // The owner's numbers read the invoices issued in a period (billed, paid, outstanding, overdue).
    index("invoices_company_issued_idx").on(t.companyId, t.issuedOn),
    // Days to paid reads the invoices paid in a period.
    index("invoices_company_paid_idx").on(t.companyId, t.paidOn).where(sql`${t.paidOn} is not null`),
    check("invoices_paid_on_paid", sql`${t.paidOn} is null or ${t.status} = 'paid'`),
    check("invoices_status", sql.raw(`status in (${INVOICE_STATUSES_SQL})`)),
  ],
);

export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    jobItemId: uuid("job_item_id").references(() => jobItems.id, { onDelete: "set null" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    quantityThousandths: bigint("quantity_thousandths", { mode: "number" }).notNull(),
    unitPrice: minor("unit_price").notNull(),
    taxPercentThousandths: integer("tax_percent_thousandths"),
    taxRateName: text("tax_rate_name"),
    net: minor("net").notNull(),
    tax: minor("tax").notNull(),
    gross: minor("gross").notNull(),
  },
  (t) => [index("invoice_lines_invoice_idx").on(t.invoiceId, t.position)],
);

/**
 * The jobs an invoice bills. `open` is true until the invoice is voided: a job is on at
 * most one open invoice (the partial unique index), so two clicks never bill it twice.
 */
export const invoiceJobs = pgTable(
  "invoice_jobs",
  {
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    open: boolean("open").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.jobId] }),
    uniqueIndex("invoice_jobs_open_job_idx").on(t.jobId).where(sql`${t.open}`),
    // A job's invoices, open or not: the work-done trigger (migration 0047) and a job's delete.
    index("invoice_jobs_job_idx").on(t.jobId),
  ],
);

/** A sent invoice is corrected by a credit note (numbered like invoices, its own series), never edited. */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    amount: minor("amount").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    reason: text("reason").notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("credit_notes_company_number_idx").on(t.companyId, t.number),
    index("credit_notes_invoice_idx").on(t.invoiceId),
  ],
);
