import type { AdminOverviewDTO, AdminStatusLabel } from "@sched/shared-types";
import { Alert, Card, Progress, Skeleton } from "antd";
import { formatDate } from "../../lib/dates";
import { errorMessage } from "../../lib/errorText";

const STATUS_ROWS: { label: AdminStatusLabel; name: string; color: string }[] = [
  { label: "FREE", name: "Free", color: "#16a34a" },
  { label: "PAID", name: "Paid", color: "#1d4ed8" },
  { label: "TRIAL", name: "Trial", color: "#d97706" },
  { label: "INACTIVE", name: "Inactive", color: "#94a3b8" },
];

type SystemOverviewProps = { overview: AdminOverviewDTO | undefined; error: Error | null };

/** Companies by status, people and this week's work across the whole platform. */
export function SystemOverview({ overview, error }: SystemOverviewProps) {
  return (
    <Card className="admin-card" title="System Overview">
      {error && !overview ? (
        <Alert
          type="error"
          showIcon
          title="Could not load the overview"
          description={errorMessage(error, "")}
        />
      ) : !overview ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <div className="admin-overview" data-testid="system-overview">
          <section>
            <h3 className="admin-overview__heading">Companies by status</h3>
            {STATUS_ROWS.map(({ label, name, color }) => {
              const count = overview.companies[label];
              const share = overview.companies.total
                ? Math.round((count / overview.companies.total) * 100)
                : 0;
              return (
                <div key={label} className="admin-overview__status">
                  <span className="admin-overview__status-name">{name}</span>
                  <Progress
                    aria-label={`${name} companies`}
                    percent={share}
                    showInfo={false}
                    strokeColor={color}
                    size="small"
                  />
                  <span className="admin-overview__status-count">{count}</span>
                </div>
              );
            })}
            {overview.companies.trialExpired > 0 ? (
              <p className="admin-overview__hint">
                {overview.companies.trialExpired} of the trials have ended without a plan (read-only).
              </p>
            ) : null}
          </section>
          <dl className="admin-overview__facts">
            <div>
              <dt>Users</dt>
              <dd>
                {overview.users.total.toLocaleString()}
                <span className="admin-overview__sub">
                  {" "}
                  ({overview.users.systemAdmins} system{" "}
                  {overview.users.systemAdmins === 1 ? "administrator" : "administrators"})
                </span>
              </dd>
            </div>
            <div>
              <dt>Jobs this week</dt>
              <dd>
                {overview.jobsThisWeek.toLocaleString()}
                <span className="admin-overview__sub">
                  {" "}
                  ({formatDate(overview.weekStart)} – {formatDate(overview.weekEnd)})
                </span>
              </dd>
            </div>
          </dl>
        </div>
      )}
    </Card>
  );
}
