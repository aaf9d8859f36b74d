/**
 * What a refused request must leave as it was (server/test/property-input.test.ts): every
 * row of every table that belongs to the company. The tables are read from the database's
 * catalogue, not from a list, so a table added later is covered as soon as it exists: a
 * table is the company's through a `company_id` column, a foreign key to such a table, or
 * a company table's foreign key to it (the members' accounts). A table tied to no company
 * must be named in NOT_COMPANY_TABLES with the reason, or the snapshot throws.
 */
import { pool } from "@sched/core/db/client";

/** Tables that hold nothing of a company's, and why ("schema.table"). */
export const NOT_COMPANY_TABLES: Record<string, string> = {
  "drizzle.__drizzle_migrations": "the schema's history",
  "public.sessions": "the caller's own session, which every request may touch",
  "public.idempotency_key": "a user's record of answers to replay, refused ones included",
  "public.stripe_event": "Stripe's deliveries, written only by a signed webhook",
  "public.password_reset":
    "a person's links to choose a new password, asked for from the sign-in page by anyone (password-reset.test.ts)",
};

/** The table whose `id` is the company id. */
const COMPANY_TABLE = "public.companies";

/** Columns that change after the request, on their own: an invitation is marked attempted and sent as its e-mail goes. */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  "public.employee_invitation": ["send_attempted_at", "sent_at"],
};

type Column = { table: string; column: string; type: string };
type ForeignKey = { table: string; column: string; refTable: string; refColumn: string };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (table: string) => table.split(".").map(quoted).join(".");

async function readCatalogue() {
  const tables = await pool.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`,
  );
  const columns = await pool.query<Column>(
    `select table_schema || '.' || table_name as table, column_name as column, udt_name as type
       from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  // Single-column foreign keys: the only kind the schema has.
  const keys = await pool.query<ForeignKey>(
    `select cn.nspname || '.' || cl.relname as table, a.attname as column,
            rn.nspname || '.' || rl.relname as "refTable", ra.attname as "refColumn"
       from pg_constraint k
       join pg_class cl on cl.oid = k.conrelid join pg_namespace cn on cn.oid = cl.relnamespace
       join pg_class rl on rl.oid = k.confrelid join pg_namespace rn on rn.oid = rl.relnamespace
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
       join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
      where k.contype = 'f' and cardinality(k.conkey) = 1`,
  );
  return { tables: tables.rows.map((row) => row.name), columns: columns.rows, keys: keys.rows };
}

/**
 * For each table, the condition (on alias `t`) that picks the company's rows: $1 is the
 * company id, $2 an e-mail whose account a refused request must not have made.
 */
function companyConditions({ tables, columns, keys }: Awaited<ReturnType<typeof readCatalogue>>) {
  const columnsOf = (table: string) => columns.filter((column) => column.table === table);
  // Tables with the company id in a column, as a condition on a given alias.
  const direct = new Map<string, (alias: string) => string>();
  for (const table of tables) {
    const companyId = columnsOf(table).find((column) => column.column === "company_id");
    if (table === COMPANY_TABLE) direct.set(table, (alias) => `${alias}.id = $1::uuid`);
    else if (companyId) direct.set(table, (alias) => `${alias}.company_id = $1::${companyId.type}`);
  }
  const rowsOf = (table: string, column: string) =>
    `select s.${quoted(column)} from ${qualified(table)} s where ${direct.get(table)?.("s")}`;
  const conditions = new Map<string, string>();
  for (const table of tables) {
    if (table in NOT_COMPANY_TABLES) continue;
    const own = direct.get(table);
    if (own) {
      conditions.set(table, own("t"));
      continue;
    }
    // A row of a company row (a job's photo), or a row company rows point to (a member's account).
    const parts = [
      ...keys
        .filter((key) => key.table === table && direct.has(key.refTable))
        .map((key) => `t.${quoted(key.column)} in (${rowsOf(key.refTable, key.refColumn)})`),
      ...keys
        .filter((key) => key.refTable === table && direct.has(key.table))
        .map((key) => `t.${quoted(key.refColumn)} in (${rowsOf(key.table, key.column)})`),
    ];
    if (columnsOf(table).some((column) => column.column === "email"))
      parts.push("lower(t.email) = lower($2::text)");
    if (parts.length === 0) {
      throw new Error(
        `Table ${table} is tied to no company: give it a company_id or a foreign key, or name it in NOT_COMPANY_TABLES with the reason`,
      );
    }
    conditions.set(table, parts.map((part) => `(${part})`).join(" or "));
  }
  for (const table of Object.keys(NOT_COMPANY_TABLES)) {
    if (!tables.includes(table)) throw new Error(`NOT_COMPANY_TABLES names ${table}, which does not exist`);
  }
  return conditions;
}

/** One query answering (table, checksum of the company's rows in it) for every company table. */
async function buildSnapshotQuery(): Promise<string> {
  const conditions = companyConditions(await readCatalogue());
  const selects = [...conditions].map(([table, condition]) => {
    const volatile = VOLATILE_COLUMNS[table] ?? [];
    const row = `md5((to_jsonb(t) - array[${volatile.map((c) => `'${c}'`).join(", ")}]::text[])::text)`;
    return `select '${table}' as name, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as sum
              from ${qualified(table)} t where ${condition}`;
  });
  return selects.join("\nunion all\n");
}

let snapshotQuery: Promise<string> | undefined;

/** Table name to checksum of the company's rows in it (and of the account with `email`, if any). */
export async function companySnapshot(companyId: string, email?: string): Promise<Map<string, string>> {
  snapshotQuery ??= buildSnapshotQuery();
  const { rows } = await pool.query<{ name: string; sum: string }>(await snapshotQuery, [
    companyId,
    // PostgreSQL text holds no NUL: an address with one cannot belong to any account anyway.
    email?.replaceAll("\u0000", "") ?? null,
  ]);
  return new Map(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose company rows differ between two snapshots. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...before.keys()].filter((table) => before.get(table) !== after.get(table));
