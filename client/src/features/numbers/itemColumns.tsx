/**
 * The columns of the list behind a figure (docs/numbers.md), by the kind of its rows: jobs
 * and calls, invoices, invoices paid (days to paid), technicians (the minutes a ratio is
 * made of). A list holds one kind; a phone shows fewer columns.
 */
import {
  formatMoney,
  isNumbersMoneyFigure,
  isNumbersTechnicianFigure,
  type NumbersFigure,
  type NumbersInvoiceItemDTO,
  type NumbersItemDTO,
  type NumbersJobOrCallItemDTO,
  type NumbersPaidInvoiceItemDTO,
  type NumbersTechnicianItemDTO,
} from "@sched/shared-types";
import type { TableColumnsType } from "antd";
import type { ReactNode } from "react";
import { formatFigure } from "./figures";

type Columns = TableColumnsType<NumbersItemDTO>;

/** A cell that reads one kind of row (and is empty for any other). */
const cellOf =
  <K extends NumbersItemDTO["kind"]>(
    kind: K,
    read: (row: Extract<NumbersItemDTO, { kind: K }>) => ReactNode,
  ) =>
  (_: unknown, row: NumbersItemDTO) =>
    row.kind === kind ? read(row as Extract<NumbersItemDTO, { kind: K }>) : null;

const locale = () => (typeof navigator === "undefined" ? "en-US" : navigator.language);
const statusText = (status: string) => {
  const words = status.replace("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};
/** Minutes as "14 h 00". */
export const hours = (minutes: number) =>
  `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")}`;

function invoiceColumns(isPhone: boolean): Columns {
  const cell = (read: (row: NumbersInvoiceItemDTO) => ReactNode) => cellOf("invoice", read);
  const amount = (key: "total" | "paid" | "balance") => cell((row) => formatMoney(row[key], locale()));
  return [
    { title: "Invoice", key: "number", render: cell((row) => `Invoice ${row.number}`) },
    { title: "Customer", key: "customer", render: cell((row) => row.customerName ?? "") },
    ...(isPhone
      ? []
      : [
          { title: "Issued", key: "issued", render: cell((row) => row.issuedOn) },
          { title: "Due", key: "due", render: cell((row) => row.dueOn) },
          { title: "Status", key: "status", render: cell((row) => statusText(row.status)) },
        ]),
    { title: "Total", key: "total", align: "right" as const, render: amount("total") },
    ...(isPhone ? [] : [{ title: "Paid", key: "paid", align: "right" as const, render: amount("paid") }]),
    { title: "Balance", key: "balance", align: "right" as const, render: amount("balance") },
  ];
}

function paidInvoiceColumns(isPhone: boolean): Columns {
  const cell = (read: (row: NumbersPaidInvoiceItemDTO) => ReactNode) => cellOf("paid-invoice", read);
  return [
    { title: "Invoice", key: "number", render: cell((row) => `Invoice ${row.number}`) },
    ...(isPhone
      ? []
      : [{ title: "Customer", key: "customer", render: cell((row) => row.customerName ?? "") }]),
    ...(isPhone
      ? []
      : [
          {
            title: "Total",
            key: "total",
            align: "right" as const,
            render: cell((row) => formatMoney(row.total, locale())),
          },
        ]),
    { title: "Done", key: "done", render: cell((row) => row.doneOn) },
    { title: "Paid", key: "paid", render: cell((row) => row.paidOn) },
    { title: "Days", key: "days", align: "right" as const, render: cell((row) => String(row.days)) },
  ];
}

function technicianColumns(isPhone: boolean): Columns {
  const cell = (read: (row: NumbersTechnicianItemDTO) => ReactNode) => cellOf("technician", read);
  return [
    { title: "Technician", key: "name", render: cell((row) => row.name) },
    { title: "On jobs", key: "job", render: cell((row) => hours(row.jobMinutes)) },
    { title: "Clocked", key: "clocked", render: cell((row) => hours(row.clockedMinutes)) },
    ...(isPhone
      ? []
      : [{ title: "Utilization", key: "rate", render: cell((row) => formatFigure(row.rate, "percent")) }]),
    { title: "Driving", key: "drive", render: cell((row) => hours(row.driveMinutes)) },
    ...(isPhone
      ? []
      : [
          {
            title: "Drive share",
            key: "driveShare",
            render: cell((row) => formatFigure(row.driveShare, "percent")),
          },
        ]),
  ];
}

function recordColumns(isPhone: boolean, employeeName: (id: string | null) => string): Columns {
  const cell = (read: (row: NumbersJobOrCallItemDTO) => ReactNode) => (_: unknown, row: NumbersItemDTO) =>
    row.kind === "job" || row.kind === "call" ? read(row) : null;
  return [
    { title: "Date", key: "date", render: cell((row) => `${row.date ?? "Unscheduled"} ${row.time ?? ""}`) },
    { title: "What", key: "label", render: cell((row) => row.label) },
    { title: "Customer", key: "customer", render: cell((row) => row.customerName ?? "") },
    ...(isPhone
      ? []
      : [{ title: "Technician", key: "employee", render: cell((row) => employeeName(row.employeeId)) }]),
    { title: "Why it counts", key: "detail", render: cell((row) => row.detail) },
  ];
}

export function itemColumns(
  figure: NumbersFigure,
  isPhone: boolean,
  employeeName: (id: string | null) => string,
): Columns {
  if (isNumbersMoneyFigure(figure)) return invoiceColumns(isPhone);
  if (figure === "days-to-paid") return paidInvoiceColumns(isPhone);
  if (isNumbersTechnicianFigure(figure)) return technicianColumns(isPhone);
  return recordColumns(isPhone, employeeName);
}
