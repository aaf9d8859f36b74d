import type { AdminOverviewDTO } from "@sched/shared-types";
import { Card, Skeleton } from "antd";

type Counter = { label: string; value: (overview: AdminOverviewDTO) => number; tone: string };

const COUNTERS: Counter[] = [
  { label: "Companies", value: (o) => o.companies.total, tone: "slate" },
  { label: "On Trial", value: (o) => o.companies.TRIAL, tone: "gold" },
  { label: "Paid", value: (o) => o.companies.PAID, tone: "blue" },
  { label: "Free", value: (o) => o.companies.FREE, tone: "green" },
  { label: "Users", value: (o) => o.users.total, tone: "purple" },
];

/** The dashboard's headline numbers. */
export function StatCounters({ overview }: { overview: AdminOverviewDTO | undefined }) {
  return (
    <div className="admin-counters" data-testid="admin-counters">
      {COUNTERS.map((counter) => (
        <Card key={counter.label} className={`admin-counter admin-counter--${counter.tone}`} size="small">
          <div className="admin-counter__label">{counter.label}</div>
          {overview ? (
            <div className="admin-counter__value" data-testid={`counter-${counter.label}`}>
              {counter.value(overview).toLocaleString()}
            </div>
          ) : (
            <Skeleton.Input active size="small" />
          )}
        </Card>
      ))}
    </div>
  );
}
