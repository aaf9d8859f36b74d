import { ClockCircleOutlined, DownloadOutlined, EditOutlined, EyeOutlined } from "@ant-design/icons";
import { EXPORT_DAYS, type WeeklyScheduleDTO } from "@sched/shared-types";
import { Button, Card, Tag, Tooltip } from "antd";
import { formatDate, formatDateTime, weekRangeLabel } from "../../lib/dates";
import { ButtonLink } from "../../ui/ButtonLink";

type HistoryCardProps = {
  week: WeeklyScheduleDTO;
  canRename: boolean;
  isExporting: boolean;
  onExport: (week: WeeklyScheduleDTO) => void;
  onRename: (week: WeeklyScheduleDTO) => void;
};

/** The week's name, or "Week of ..." for a week nobody named. */
export const weekTitle = (week: Pick<WeeklyScheduleDTO, "name" | "weekStartDate">) =>
  week.name.trim() || `Week of ${formatDate(week.weekStartDate)}`;

export function ArchiveBadge({ isArchived }: { isArchived: boolean }) {
  return (
    <Tag color={isArchived ? "default" : "green"} className="history-badge" data-testid="history-badge">
      {isArchived ? "Archived" : "Active"}
    </Tag>
  );
}

export function HistoryCard({ week, canRename, isExporting, onExport, onRename }: HistoryCardProps) {
  const title = weekTitle(week);
  return (
    <Card className="history-card" data-testid="history-card" size="small">
      <div className="history-card__main">
        <div className="history-card__text">
          <div className="history-card__head">
            <h3 className="history-card__name">{title}</h3>
            <ArchiveBadge isArchived={week.isArchived} />
          </div>
          <div className="history-card__range">{weekRangeLabel(week.weekStartDate, EXPORT_DAYS)}</div>
          <div className="history-card__created">
            <ClockCircleOutlined /> Created {formatDateTime(week.createdAt)}
          </div>
        </div>
        <div className="history-card__actions">
          {canRename ? (
            <Tooltip title="Rename">
              <Button icon={<EditOutlined />} aria-label={`Rename ${title}`} onClick={() => onRename(week)} />
            </Tooltip>
          ) : null}
          <ButtonLink to={`/history/${week.weekStartDate}`} icon={<EyeOutlined aria-hidden />}>
            View
          </ButtonLink>
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={isExporting}
            onClick={() => onExport(week)}
            aria-label={`Export ${title}`}
          >
            Export
          </Button>
        </div>
      </div>
    </Card>
  );
}
