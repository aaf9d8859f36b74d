/**
 * The Numbers screen (docs/numbers.md): for a week, a month or a chosen range, for the
 * company or one technician, each figure beside the previous period with its trend, each
 * number opening the rows behind it, and the CSV. Owners and admins (readNumbers).
 */
import { DownloadOutlined, LeftOutlined, RightOutlined } from "@ant-design/icons";
import type { NumbersDTO } from "@sched/shared-types";
import { Button, Card, DatePicker, Empty, Result, Segmented, Select, Skeleton, Space, Switch } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { CompanyScreen } from "../../components/CompanyScreen";
import { PageTitle } from "../../components/PageTitle";
import { useEmployees } from "../../entities/employee/useEmployees";
import { errorMessage } from "../../lib/errorText";
import { FigureCard } from "./FigureCard";
import { FIGURES, type FigureDefinition, MONEY_FIGURES } from "./figures";
import { ItemsDrawer } from "./ItemsDrawer";
import { type Period, type PeriodKind, periodLabel, periodOf, shiftPeriod } from "./period";
import { UtilizationTable } from "./UtilizationTable";
import { numbersCsvUrl, useNumbers, useNumbersTrend } from "./useNumbers";
import "./numbers.css";

const KINDS: { label: string; value: PeriodKind }[] = [
  { label: "Week", value: "week" },
  { label: "Month", value: "month" },
  { label: "Custom range", value: "custom" },
];

export default function NumbersPage() {
  return <CompanyScreen title="Numbers">{(companyId) => <Numbers companyId={companyId} />}</CompanyScreen>;
}

/** The period and technician from the address, a week of today by default. */
function usePeriodInAddress() {
  const [params, setParams] = useSearchParams();
  const kind = (params.get("kind") as PeriodKind | null) ?? "week";
  const today = dayjs().format("YYYY-MM-DD");
  const from = params.get("from");
  const to = params.get("to");
  const period: Period = from && to ? { from, to } : periodOf(kind === "month" ? "month" : "week", today);
  const employeeId = params.get("employeeId") ?? undefined;
  const set = (next: { kind?: PeriodKind; period?: Period; employeeId?: string | null }) => {
    const chosen = { kind: next.kind ?? kind, ...(next.period ?? period) };
    const who = next.employeeId === undefined ? employeeId : next.employeeId;
    setParams({ ...chosen, ...(who ? { employeeId: who } : {}) }, { replace: true });
  };
  return { kind, period, employeeId, set };
}

const isEmpty = (numbers: NumbersDTO) =>
  numbers.calls.logged === 0 &&
  numbers.onTime.jobs === 0 &&
  Object.values(numbers.jobs).every((count) => count === 0) &&
  numbers.utilization.every((row) => row.clockedMinutes === 0) &&
  !numbers.money?.billed;

function Numbers({ companyId }: { companyId: string }) {
  const { kind, period, employeeId, set } = usePeriodInAddress();
  const numbers = useNumbers(companyId, period, employeeId);
  const trend = useNumbersTrend(companyId, kind, period, employeeId);
  const employees = useEmployees(companyId);
  const [showTables, setShowTables] = useState(false);
  const [open, setOpen] = useState<FigureDefinition | null>(null);
  const nameOf = (id: string | null) => employees.data?.find((one) => one.id === id)?.name ?? "";

  const chooseKind = (next: PeriodKind) =>
    set({ kind: next, period: next === "custom" ? period : periodOf(next, period.from) });

  let body: React.ReactNode;
  if (numbers.isPending) {
    body = (
      <div className="numbers-grid" data-testid="numbers-loading">
        {[0, 1, 2, 3].map((n) => (
          <Card key={n} size="small">
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
    );
  } else if (numbers.isError) {
    body = (
      <Result
        status="warning"
        title="Could not load the numbers"
        subTitle={errorMessage(numbers.error, "Please try again.")}
        extra={<Button onClick={() => void numbers.refetch()}>Try again</Button>}
        data-testid="numbers-error"
      />
    );
  } else if (isEmpty(numbers.data)) {
    body = (
      <Empty
        className="numbers-empty"
        data-testid="numbers-empty"
        description="Nothing was recorded in this period: no calls, jobs or clocked hours."
      />
    );
  } else {
    const data = numbers.data;
    const figures = data.money ? [...FIGURES, ...MONEY_FIGURES] : FIGURES;
    body = (
      <div className={numbers.isPlaceholderData ? "numbers-body is-stale" : "numbers-body"}>
        <div className="numbers-grid">
          {figures.map((figure) => (
            <FigureCard
              key={figure.id}
              figure={figure}
              numbers={data}
              trend={trend}
              showTable={showTables}
              onOpen={setOpen}
            />
          ))}
        </div>
        <h2 className="numbers-section">Per technician</h2>
        <UtilizationTable numbers={data} />
      </div>
    );
  }

  return (
    <div className="numbers">
      <PageTitle
        title="Numbers"
        subtitle="Where the period's time and money went, beside the period before."
      />
      <div className="numbers-controls">
        <Segmented<PeriodKind> options={KINDS} value={kind} onChange={chooseKind} aria-label="Period" />
        <Space.Compact>
          <Button
            icon={<LeftOutlined aria-hidden />}
            aria-label="Previous period"
            onClick={() => set({ period: shiftPeriod(kind, period, -1) })}
          />
          <Button
            icon={<RightOutlined aria-hidden />}
            aria-label="Next period"
            onClick={() => set({ period: shiftPeriod(kind, period, 1) })}
          />
        </Space.Compact>
        {kind === "custom" ? (
          <DatePicker.RangePicker
            aria-label="Custom range"
            allowClear={false}
            value={[dayjs(period.from), dayjs(period.to)]}
            onChange={(range) => {
              if (range?.[0] && range[1]) {
                set({ period: { from: range[0].format("YYYY-MM-DD"), to: range[1].format("YYYY-MM-DD") } });
              }
            }}
          />
        ) : (
          <span className="numbers-controls__label" data-testid="numbers-period">
            {periodLabel(period)}
          </span>
        )}
        <Select
          className="numbers-controls__who"
          aria-label="Technician"
          value={employeeId ?? ""}
          onChange={(value: string) => set({ employeeId: value || null })}
          options={[
            { label: "Whole company", value: "" },
            ...(employees.data ?? []).map((one) => ({ label: one.name, value: one.id })),
          ]}
        />
        <span className="numbers-controls__tables">
          <Switch
            id="numbers-tables"
            size="small"
            checked={showTables}
            onChange={setShowTables}
            aria-label="Charts as tables"
          />
          <label htmlFor="numbers-tables">Charts as tables</label>
        </span>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          href={numbersCsvUrl(companyId, period, employeeId)}
          data-testid="numbers-csv"
        >
          Download CSV
        </Button>
      </div>
      {body}
      <ItemsDrawer
        companyId={companyId}
        period={{ ...period, employeeId }}
        open={
          open?.items
            ? {
                figure: open.items,
                title: open.title,
                note: numbers.data ? open.note?.(numbers.data) : undefined,
              }
            : null
        }
        employeeName={nameOf}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
