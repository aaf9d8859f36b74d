/**
 * GET /api/numbers/:figure/items.csv (docs/numbers.md): every row behind one figure, not
 * only the page on the screen, as the drawer shows them; amounts in minor units as in
 * numbers.csv; cells made formula-safe by shared-types' csvLines.
 */
import { csvLines, type NumbersFigure, type NumbersItemDTO, type TNumbersQuery } from "@sched/shared-types";
import { eq } from "drizzle-orm";
import { db } from "../../db/client";
import { employees } from "../../db/schema";
import { loadAllNumbersItems } from "./items";

type Cells = (string | null)[];
const text = (value: number | null) => (value === null ? "" : String(value));

const HEADERS: Record<NumbersItemDTO["kind"], Cells> = {
  job: ["Date", "Time", "What", "Customer", "Technician", "Why it counts"],
  call: ["Date", "Time", "Caller", "Customer", "Technician", "Why it counts"],
  invoice: [
    "Invoice",
    "Customer",
    "Issued",
    "Due",
    "Status",
    "Currency",
    "Total (minor units)",
    "Paid (minor units)",
    "Balance (minor units)",
  ],
  technician: ["Technician", "Job minutes", "Clocked minutes", "Utilization", "Drive minutes", "Drive share"],
  "paid-invoice": ["Invoice", "Customer", "Currency", "Total (minor units)", "Done on", "Paid on", "Days"],
};

/** The list's kind when it is empty: the header row still says what would be there. */
function kindOf(figure: NumbersFigure): NumbersItemDTO["kind"] {
  if (figure.startsWith("calls")) return "call";
  if (["billed", "paid", "outstanding", "overdue"].includes(figure)) return "invoice";
  if (figure === "days-to-paid") return "paid-invoice";
  if (["utilization", "drive-share", "revenue-per-hour"].includes(figure)) return "technician";
  return "job";
}

function cells(row: NumbersItemDTO, nameOf: (id: string | null) => string): Cells {
  switch (row.kind) {
    case "invoice":
      return [
        String(row.number),
        row.customerName,
        row.issuedOn,
        row.dueOn,
        row.status,
        row.total.currency,
        String(row.total.amount),
        String(row.paid.amount),
        String(row.balance.amount),
      ];
    case "technician":
      return [
        row.name,
        String(row.jobMinutes),
        String(row.clockedMinutes),
        text(row.rate),
        String(row.driveMinutes),
        text(row.driveShare),
      ];
    case "paid-invoice":
      return [
        String(row.number),
        row.customerName,
        row.total.currency,
        String(row.total.amount),
        row.doneOn,
        row.paidOn,
        String(row.days),
      ];
    default:
      return [row.date, row.time, row.label, row.customerName, nameOf(row.employeeId), row.detail];
  }
}

export async function buildNumbersItemsCsv(
  figure: NumbersFigure,
  query: TNumbersQuery & { companyId: string },
): Promise<string> {
  const [items, people] = await Promise.all([
    loadAllNumbersItems(figure, query),
    db
      .select({ id: employees.id, name: employees.name })
      .from(employees)
      .where(eq(employees.companyId, query.companyId)),
  ]);
  const names = new Map(people.map((person) => [person.id, person.name]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? "") : "");
  return csvLines([HEADERS[kindOf(figure)], ...items.map((row) => cells(row, nameOf))]);
}

export const numbersItemsCsvFilename = (figure: NumbersFigure, from: string, to: string) =>
  `numbers-${figure}-${from}-to-${to}.csv`;
