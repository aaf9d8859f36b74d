import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { toISODate, weekRangeLabel } from "../../lib/dates";

type WeekNavigatorProps = {
  week: string;
  isCurrentWeek: boolean;
  onWeekChange: (week: string) => void;
  onToday: () => void;
  /** Shown while the next week's jobs load behind the current ones. */
  isLoading: boolean;
  /** More for the week, after Today (the conflict filter). */
  extra?: ReactNode;
  /** Days the board shows: 6 (Monday to Saturday), or 7 with the Sunday column. */
  days?: number;
};

/** Arrows a week back or forward, the range label (Mon to Sat, or to Sun with the Sunday column), and Today. */
export function WeekNavigator(props: WeekNavigatorProps) {
  const { week, isCurrentWeek, onWeekChange, onToday, isLoading, extra, days } = props;
  const step = (weeks: number) => onWeekChange(toISODate(dayjs(week).add(weeks, "week")));
  return (
    <div className="week-nav">
      <Button icon={<LeftOutlined />} aria-label="Previous week" onClick={() => step(-1)} />
      <div className="week-nav__label" data-testid="week-range" aria-live="polite" aria-busy={isLoading}>
        {weekRangeLabel(week, days)}
      </div>
      <Button icon={<RightOutlined />} aria-label="Next week" onClick={() => step(1)} />
      <Button onClick={onToday} disabled={isCurrentWeek}>
        Today
      </Button>
      {extra}
    </div>
  );
}
