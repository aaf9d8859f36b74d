/**
 * Importing customers from a spreadsheet (docs/customers.md). Every row is checked
 * as the customer form would check it; a row whose phone (else e-mail) is already a
 * customer's, in the company or earlier in the file, updates that customer instead of making
 * a second one. A customer who already has a value keeps it unless the import is to
 * `overwrite`: by default a row only fills their empty fields, and the answer lists every
 * field it changes, before and after, so the preview shows what would happen. A dry run
 * answers the same counts, errors and changes without writing. The writes are
 * a few multi-row statements in one transaction, so 5,000 rows take well under 5 s.
 */
import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_IMPORT_MAX_ROWS,
  CUSTOMER_IMPORT_NO_NAME_COLUMN,
  CUSTOMER_IMPORT_TOO_MANY_ROWS,
  CUSTOMER_PHONE_NOT_A_NUMBER,
  type CustomerImportChangeDTO,
  type CustomerImportErrorDTO,
  type CustomerImportMode,
  type CustomerImportResultDTO,
  type TCustomerFields,
  ZCustomerFields,
} from "@sched/shared-types";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { customers } from "../db/schema";
import { BadRequest } from "../errors";
import { type CsvCustomerRow, parseCustomerCsv, rowName } from "../lib/customer-csv";
import { customerSearchText } from "../lib/search-text";
import { type PlaceFields, placeOnSave } from "../places/on-save";
import type { CompanyAccess } from "../policies/company-access";
import { publish } from "../publish";
import { loadCompanySettings } from "../queries/company-settings";
import { customerColumns } from "./save-customer";

type CustomerRow = typeof customers.$inferSelect;
type Columns = ReturnType<typeof customerColumns>;
/**
 * A customer the import will write: `columns` are the file's rows for them merged in file
 * order; `stored` is the existing customer (with `id`) they are applied to, by the mode.
 */
type Planned = {
  id?: string;
  version?: number;
  stored?: Columns;
  /** The existing customer's place, kept when the address stays (docs/places.md). */
  place?: PlaceFields;
  name?: string;
  columns: Columns;
};

/** Statements of this many rows: well under PostgreSQL's 65,535 parameters. */
const BATCH = 500;

function parseOrThrow(csv: string) {
  try {
    return parseCustomerCsv(csv);
  } catch (error) {
    throw new BadRequest(`The file is not valid CSV: ${(error as Error).message}`, [
      { path: "csv", message: `The file is not valid CSV: ${(error as Error).message}` },
    ]);
  }
}

const isBlank = (row: CsvCustomerRow) => Object.values(row.values).every((value) => !value);

/** The row as customer fields, or the message of its first problem. */
function checkRow(
  row: CsvCustomerRow,
  country: string,
): { fields: TCustomerFields; columns: Columns } | string {
  const { values } = row;
  const parsed = ZCustomerFields.safeParse({
    name: rowName(values) ?? "",
    phone: values.phone,
    email: values.email,
    address: values.address,
    notes: values.notes,
  });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Row is not valid";
  const columns = customerColumns(parsed.data, country);
  if (parsed.data.phone && !columns.phoneNormalized) return CUSTOMER_PHONE_NOT_A_NUMBER;
  return { fields: parsed.data, columns };
}

/** The company's customers with these phones or e-mails, the only ones an import can update. */
async function existingMatches(executor: Executor, companyId: string, phones: string[], emails: string[]) {
  const byPhone = new Map<string, CustomerRow>();
  const byEmail = new Map<string, CustomerRow>();
  for (let i = 0; i < phones.length; i += 5000) {
    const rows = await executor
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.companyId, companyId),
          inArray(customers.phoneNormalized, phones.slice(i, i + 5000)),
        ),
      );
    for (const row of rows) if (row.phoneNormalized) byPhone.set(row.phoneNormalized, row);
  }
  for (let i = 0; i < emails.length; i += 5000) {
    const rows = await executor
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.companyId, companyId),
          isNotNull(customers.email),
          inArray(sql`lower(${customers.email})`, emails.slice(i, i + 5000)),
        ),
      )
      .orderBy(customers.createdAt);
    for (const row of rows)
      if (row.email && !byEmail.has(row.email.toLowerCase())) byEmail.set(row.email.toLowerCase(), row);
  }
  return { byPhone, byEmail };
}

/**
 * A later row's empty cells keep what the customer already has; its filled cells replace it.
 * Both sides are already normalised: no phone is parsed again.
 */
function merged(existing: Columns, incoming: Columns): Columns {
  const values = {
    name: incoming.name,
    phone: incoming.phone ?? existing.phone,
    phoneNormalized: incoming.phone ? incoming.phoneNormalized : existing.phoneNormalized,
    email: incoming.email ?? existing.email,
    address: incoming.address ?? existing.address,
    notes: incoming.notes ?? existing.notes,
  };
  return { ...values, searchText: customerSearchText(values) };
}

/** Only the fields the customer has empty take the file's value: nothing typed by hand is lost. */
function filledIn(stored: Columns, incoming: Columns): Columns {
  const keepPhone = Boolean(stored.phone);
  const values = {
    name: stored.name || incoming.name,
    phone: keepPhone ? stored.phone : incoming.phone,
    phoneNormalized: keepPhone ? stored.phoneNormalized : incoming.phoneNormalized,
    email: stored.email || incoming.email,
    address: stored.address || incoming.address,
    notes: stored.notes || incoming.notes,
  };
  return { ...values, searchText: customerSearchText(values) };
}

/** The customer's columns after the import, by the mode. */
const applied = (plan: Planned, mode: CustomerImportMode): Columns =>
  !plan.stored
    ? plan.columns
    : mode === "overwrite"
      ? merged(plan.stored, plan.columns)
      : filledIn(plan.stored, plan.columns);

/** The fields of an existing customer whose value the import changes, before and after. */
function changeOf(plan: Planned, after: Columns): CustomerImportChangeDTO | undefined {
  const { stored } = plan;
  if (!stored || !plan.id) return undefined;
  const fields = CUSTOMER_IMPORT_FIELDS.filter(
    (field) => (stored[field] ?? null) !== (after[field] ?? null),
  ).map((field) => ({ field, before: stored[field] ?? null, after: after[field] ?? null }));
  return fields.length > 0 ? { customerId: plan.id, name: stored.name, fields } : undefined;
}

/** A stored customer as import columns. */
const columnsOf = (row: CustomerRow): Columns => ({
  name: row.name,
  phone: row.phone,
  phoneNormalized: row.phoneNormalized,
  email: row.email,
  address: row.address,
  notes: row.notes,
  searchText: row.searchText,
});

export async function importCustomers(
  member: CompanyAccess,
  csv: string,
  dryRun: boolean,
  mode: CustomerImportMode = "fillEmpty",
): Promise<CustomerImportResultDTO> {
  const { companyId } = member;
  const { columns, rows } = parseOrThrow(csv);
  if (!columns.some((c) => c === "name" || c === "firstName" || c === "lastName")) {
    throw new BadRequest(CUSTOMER_IMPORT_NO_NAME_COLUMN, [
      { path: "csv", message: CUSTOMER_IMPORT_NO_NAME_COLUMN },
    ]);
  }
  if (rows.length > CUSTOMER_IMPORT_MAX_ROWS) {
    throw new BadRequest(CUSTOMER_IMPORT_TOO_MANY_ROWS, [
      { path: "csv", message: CUSTOMER_IMPORT_TOO_MANY_ROWS },
    ]);
  }
  const { country } = await loadCompanySettings(companyId);

  const errors: CustomerImportErrorDTO[] = [];
  let skipped = 0;
  const good: Columns[] = [];
  for (const row of rows) {
    if (isBlank(row)) {
      skipped += 1;
      continue;
    }
    const checked = checkRow(row, country);
    if (typeof checked === "string") {
      errors.push({ row: row.row, message: checked });
      skipped += 1;
    } else good.push(checked.columns);
  }

  const run = async (executor: Executor) => {
    const phones = [...new Set(good.flatMap((c) => (c.phoneNormalized ? [c.phoneNormalized] : [])))];
    const emails = [
      ...new Set(good.flatMap((c) => (c.email && !c.phoneNormalized ? [c.email.toLowerCase()] : []))),
    ];
    const existing = await existingMatches(executor, companyId, phones, emails);

    // One plan per customer: rows naming the same phone (else e-mail) merge into it, in file order.
    const plans = new Map<string, Planned>();
    const unmatched: Planned[] = [];
    let created = 0;
    let updated = 0;
    for (const incoming of good) {
      const key = incoming.phoneNormalized
        ? `phone:${incoming.phoneNormalized}`
        : incoming.email
          ? `email:${incoming.email.toLowerCase()}`
          : undefined;
      const planned = key ? plans.get(key) : undefined;
      if (planned) {
        planned.columns = merged(planned.columns, incoming);
        updated += 1;
        continue;
      }
      const found = incoming.phoneNormalized
        ? existing.byPhone.get(incoming.phoneNormalized)
        : incoming.email
          ? existing.byEmail.get(incoming.email.toLowerCase())
          : undefined;
      const plan: Planned = found
        ? {
            id: found.id,
            version: found.version,
            stored: columnsOf(found),
            place: placeOf(found),
            columns: incoming,
          }
        : { columns: incoming };
      if (found) updated += 1;
      else created += 1;
      if (key) plans.set(key, plan);
      else unmatched.push(plan);
    }
    const changes: CustomerImportChangeDTO[] = [];
    const writes: Planned[] = [];
    for (const plan of [...plans.values(), ...unmatched]) {
      const after = applied(plan, mode);
      const change = changeOf(plan, after);
      if (change) changes.push(change);
      // An existing customer the file changes nothing of keeps their version.
      if (!plan.stored || change) writes.push({ ...plan, columns: after });
    }
    if (!dryRun) await writePlans(executor, companyId, member.userId, writes, country);
    return { created, updated, changes };
  };

  const { created, updated, changes } = dryRun ? await run(db) : await db.transaction(run);
  if (!dryRun && created + updated > 0)
    publish(companyId, "customer.imported", { companyId, created, updated });
  return { created, updated, skipped, errors, dryRun, changes };
}

const placeOf = ({ placeLat, placeLng, placePrecision, placeAddress }: CustomerRow): PlaceFields => ({
  placeLat,
  placeLng,
  placePrecision,
  placeAddress,
});

/** Every place column of the row as written: the stored place when the address stays, else the new address's. */
const placeAfter = (plan: Planned, country: string) => ({
  ...plan.place,
  ...placeOnSave(plan.place, plan.columns.address, country),
});

async function writePlans(
  executor: Executor,
  companyId: string,
  userId: string,
  plans: Planned[],
  country: string,
) {
  const now = new Date();
  const toCreate = plans
    .filter((p) => !p.id)
    .map((p) => ({ ...p.columns, ...placeAfter(p, country), companyId, updatedBy: userId }));
  const toUpdate = plans
    .filter((p) => p.id)
    .map((p) => ({
      ...p.columns,
      ...placeAfter(p, country),
      id: p.id as string,
      companyId,
      updatedBy: userId,
      version: (p.version ?? 1) + 1,
      updatedAt: now,
    }));
  for (let i = 0; i < toCreate.length; i += BATCH) {
    await executor.insert(customers).values(toCreate.slice(i, i + BATCH));
  }
  // Updates as one upsert per batch on the ids just read: a few statements, not one per row.
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  for (let i = 0; i < toUpdate.length; i += BATCH) {
    await executor
      .insert(customers)
      .values(toUpdate.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: customers.id,
        set: {
          name: excluded("name"),
          phone: excluded("phone"),
          phoneNormalized: excluded("phone_normalized"),
          email: excluded("email"),
          address: excluded("address"),
          notes: excluded("notes"),
          searchText: excluded("search_text"),
          placeLat: excluded("place_lat"),
          placeLng: excluded("place_lng"),
          placePrecision: excluded("place_precision"),
          placeAddress: excluded("place_address"),
          version: sql`${customers.version} + 1`,
          updatedBy: excluded("updated_by"),
          updatedAt: excluded("updated_at"),
        },
      });
  }
}
