import { HistoryOutlined, SearchOutlined } from "@ant-design/icons";
import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { Button, Card, Empty, Input, Result, Skeleton } from "antd";
import { useState } from "react";
import { PageTitle } from "../../components/PageTitle";
import { useCurrentCompany } from "../company/useCompanies";
import { canManageRoster } from "../employees/roles";
import { HistoryCard } from "./HistoryCard";
import { RenameWeekDialog } from "./RenameWeekDialog";
import { matchesHistorySearch } from "./search";
import { useExportWeek } from "./useExportWeek";
import { useWeeklySchedules } from "./useWeeklySchedules";
import "./history.css";

export default function HistoryPage() {
  const { companyId } = useCurrentCompany();
  if (!companyId) {
    return (
      <>
        <PageTitle title="Schedule History" />
        <Result status="info" title="Please select a company first" />
      </>
    );
  }
  return <WeekHistory companyId={companyId} />;
}

function WeekHistory({ companyId }: { companyId: string }) {
  const { role } = useCurrentCompany();
  const { data: weeks, isPending, isError, refetch } = useWeeklySchedules(companyId);
  const exportWeek = useExportWeek(companyId);
  const [search, setSearch] = useState("");
  const [renaming, setRenaming] = useState<WeeklyScheduleDTO | null>(null);
  const found = weeks?.filter((week) => matchesHistorySearch(week, search)) ?? [];

  return (
    <div className="history-page">
      <PageTitle title="Schedule History" subtitle="Every week that had jobs, newest first." />
      <Input
        className="history-search"
        allowClear
        size="large"
        prefix={<SearchOutlined />}
        placeholder="Search by week date or name"
        aria-label="Search by week date or name"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />

      {isPending ? (
        <div className="history-list" data-testid="history-loading">
          {[0, 1, 2].map((n) => (
            <Card key={n} size="small">
              <Skeleton active title paragraph={{ rows: 1 }} />
            </Card>
          ))}
        </div>
      ) : isError ? (
        <Result
          status="warning"
          title="The history could not be loaded"
          extra={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : weeks.length === 0 ? (
        <Card className="history-empty" data-testid="history-empty">
          <Empty
            image={<HistoryOutlined className="history-empty__icon" />}
            description={
              <>
                <div className="history-empty__title">No Schedule History</div>
                <div>A week appears here as soon as it gets its first job.</div>
              </>
            }
          />
        </Card>
      ) : found.length === 0 ? (
        <Card className="history-empty" data-testid="history-no-results">
          <Empty
            image={<SearchOutlined className="history-empty__icon" />}
            description={
              <>
                <div className="history-empty__title">No Results Found</div>
                <div>No week matches "{search.trim()}".</div>
              </>
            }
          >
            <Button onClick={() => setSearch("")}>Clear Search</Button>
          </Empty>
        </Card>
      ) : (
        <div className="history-list">
          {found.map((week) => (
            <HistoryCard
              key={week.id}
              week={week}
              canRename={canManageRoster(role)}
              isExporting={exportWeek.exportingWeek === week.weekStartDate}
              onExport={(chosen) => void exportWeek.run(chosen.weekStartDate)}
              onRename={setRenaming}
            />
          ))}
        </div>
      )}
      <RenameWeekDialog companyId={companyId} week={renaming} onClose={() => setRenaming(null)} />
    </div>
  );
}
