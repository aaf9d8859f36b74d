import { HistoryOutlined, SearchOutlined } from "@ant-design/icons";
import type { WeeklyScheduleDTO } from "@sched/shared-types";
import { Button, Input, Skeleton } from "antd";
import { useState } from "react";
import { CompanyScreen } from "../../components/CompanyScreen";
import { EmptyCard, ListBody } from "../../components/ListBody";
import { PageTitle } from "../../components/PageTitle";
import { useCan } from "../../entities/company/useCompanies";
import { toISODate, weekStart } from "../../lib/dates";
import { HistoryCard } from "./HistoryCard";
import { RenameWeekDialog } from "./RenameWeekDialog";
import { matchesHistorySearch } from "./search";
import { useExportWeek } from "./useExportWeek";
import { useWeeklySchedules } from "./useWeeklySchedules";
import { splitByThisWeek } from "./weekOrder";
import "./history.css";

export default function HistoryPage() {
  return (
    <CompanyScreen title="Schedule History">
      {(companyId) => <WeekHistory companyId={companyId} />}
    </CompanyScreen>
  );
}

function WeekHistory({ companyId }: { companyId: string }) {
  const canRename = useCan("manageJobs");
  const weeksQuery = useWeeklySchedules(companyId);
  const exportWeek = useExportWeek(companyId);
  const [search, setSearch] = useState("");
  const [renaming, setRenaming] = useState<WeeklyScheduleDTO | null>(null);

  const weekList = (weeks: WeeklyScheduleDTO[]) => {
    const found = weeks.filter((week) => matchesHistorySearch(week, search));
    if (found.length === 0) {
      return (
        <EmptyCard
          className="history-empty"
          testId="history-no-results"
          icon={SearchOutlined}
          title="No Results Found"
          text={`No week matches "${search.trim()}".`}
          action={<Button onClick={() => setSearch("")}>Clear Search</Button>}
        />
      );
    }
    const { coming, past } = splitByThisWeek(found, toISODate(weekStart()));
    const cards = (listed: WeeklyScheduleDTO[]) =>
      listed.map((week) => (
        <HistoryCard
          key={week.id}
          week={week}
          canRename={canRename}
          isExporting={exportWeek.exportingWeek === week.weekStartDate}
          onExport={(chosen) => void exportWeek.run(chosen.weekStartDate)}
          onRename={setRenaming}
        />
      ));
    return (
      <>
        {past.length > 0 ? (
          <section aria-labelledby="history-past" data-testid="history-past">
            <h2 className="history-section__title" id="history-past">
              This week and before
            </h2>
            <div className="history-list">{cards(past)}</div>
          </section>
        ) : null}
        {coming.length > 0 ? (
          <section aria-labelledby="history-coming" data-testid="history-coming">
            <h2 className="history-section__title" id="history-coming">
              Coming weeks
            </h2>
            <div className="history-list">{cards(coming)}</div>
          </section>
        ) : null}
      </>
    );
  };

  return (
    <div className="history-page">
      <PageTitle
        title="Schedule History"
        subtitle="Every week that had jobs, newest first; weeks still to come are listed apart."
      />
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

      <ListBody
        query={weeksQuery}
        listClassName="history-list"
        loadingTestId="history-loading"
        skeleton={<Skeleton active title paragraph={{ rows: 1 }} />}
        errorTitle="The history could not be loaded"
        empty={
          <EmptyCard
            className="history-empty"
            testId="history-empty"
            icon={HistoryOutlined}
            title="No Schedule History"
            text="A week appears here as soon as it gets its first job."
          />
        }
      >
        {weekList}
      </ListBody>
      <RenameWeekDialog companyId={companyId} week={renaming} onClose={() => setRenaming(null)} />
    </div>
  );
}
