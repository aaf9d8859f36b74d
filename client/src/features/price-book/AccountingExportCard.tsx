/**
 * Export for your accountant (docs/money.md): a period and a format, then the three CSV
 * files as plain links the browser downloads with the session cookie. Owners and admins,
 * beside the price book. Radio groups and date fields: arrow keys on a keyboard, the
 * phone's own date picker on a phone.
 */
import { DownloadOutlined } from "@ant-design/icons";
import {
  ACCOUNTING_EXPORT_KINDS,
  type AccountingExportFormat,
  type AccountingExportKind,
  accountingExportFilename,
  dateIn,
  ZAccountingExportQuery,
} from "@sched/shared-types";
import { Alert, Button, Card, Input, Radio } from "antd";
import dayjs from "dayjs";
import { useId, useState } from "react";
import { queryKeyToUrl } from "../../lib/api";
import "./accounting-export.css";

type PeriodChoice = "this-month" | "last-month" | "this-year" | "custom";
type Period = { from: string; to: string };

const PERIODS: { label: string; value: PeriodChoice }[] = [
  { label: "This month", value: "this-month" },
  { label: "Last month", value: "last-month" },
  { label: "This year", value: "this-year" },
  { label: "Custom", value: "custom" },
];

const FORMATS: { label: string; value: AccountingExportFormat }[] = [
  { label: "QuickBooks", value: "quickbooks" },
  { label: "Xero", value: "xero" },
  { label: "Plain", value: "plain" },
];

const FILE_WORDS: Record<AccountingExportKind, string> = {
  invoices: "Invoices",
  "invoice-lines": "Invoice lines",
  payments: "Payments",
};

const ISO = "YYYY-MM-DD";

/** The period a choice stands for on the company's `today` (a custom one is typed). */
export function periodFor(choice: Exclude<PeriodChoice, "custom">, today: string): Period {
  const day = dayjs(today);
  if (choice === "this-year") return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  const month = choice === "last-month" ? day.subtract(1, "month") : day;
  return { from: month.startOf("month").format(ISO), to: month.endOf("month").format(ISO) };
}

export function AccountingExportCard({ companyId, timeZone }: { companyId: string; timeZone?: string }) {
  // The company's day, not the device's: "this month" is the books' month.
  const today = dateIn(new Date(), timeZone);
  const [choice, setChoice] = useState<PeriodChoice>("this-month");
  const [format, setFormat] = useState<AccountingExportFormat>("quickbooks");
  const [custom, setCustom] = useState<Period>(() => periodFor("this-month", today));
  const ids = { period: useId(), format: useId(), from: useId(), to: useId() };
  const period = choice === "custom" ? custom : periodFor(choice, today);
  const checked = ZAccountingExportQuery.safeParse({ companyId, ...period, format });
  const problem = checked.success ? null : checked.error.issues[0]?.message;

  return (
    <Card className="settings-card accounting-export" title="Export for your accountant">
      <p className="accounting-export__intro">
        Invoices, their lines and payments as CSV files, in the columns QuickBooks or Xero import.
      </p>
      <div className="accounting-export__field">
        <span id={ids.period} className="accounting-export__label">
          Period
        </span>
        <Radio.Group
          aria-labelledby={ids.period}
          optionType="button"
          options={PERIODS}
          value={choice}
          onChange={(event) => setChoice(event.target.value as PeriodChoice)}
        />
      </div>
      {choice === "custom" ? (
        <div className="settings__pair">
          <div className="accounting-export__field">
            <label htmlFor={ids.from} className="accounting-export__label">
              From
            </label>
            <Input
              id={ids.from}
              type="date"
              value={custom.from}
              onChange={(event) => setCustom({ ...custom, from: event.target.value })}
            />
          </div>
          <div className="accounting-export__field">
            <label htmlFor={ids.to} className="accounting-export__label">
              To
            </label>
            <Input
              id={ids.to}
              type="date"
              value={custom.to}
              onChange={(event) => setCustom({ ...custom, to: event.target.value })}
            />
          </div>
        </div>
      ) : null}
      <div className="accounting-export__field">
        <span id={ids.format} className="accounting-export__label">
          Format
        </span>
        <Radio.Group
          aria-labelledby={ids.format}
          optionType="button"
          options={FORMATS}
          value={format}
          onChange={(event) => setFormat(event.target.value as AccountingExportFormat)}
        />
      </div>
      {problem ? (
        <Alert type="warning" showIcon title={problem} data-testid="accounting-export-problem" />
      ) : (
        <div className="accounting-export__files">
          {ACCOUNTING_EXPORT_KINDS.map((kind) => (
            <Button
              key={kind}
              icon={<DownloadOutlined aria-hidden />}
              href={queryKeyToUrl([`/api/exports/${kind}.csv`, { companyId, ...period, format }])}
              download={accountingExportFilename(kind, { ...period, format })}
              data-testid={`accounting-export-${kind}`}
            >
              {FILE_WORDS[kind]}
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
