import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { addDays } from "@sched/shared-types";
import { Button } from "antd";
import dayjs from "dayjs";

type DayNavigatorProps = {
  date: string;
  isToday: boolean;
  onChange: (date: string) => void;
  onToday: () => void;
};

/** Previous Day / Next Day around the day shown, with a way back to today. */
export function DayNavigator({ date, isToday, onChange, onToday }: DayNavigatorProps) {
  const day = dayjs(date);
  const step = (days: number) => onChange(addDays(date, days));
  return (
    <div className="calls-day-nav" data-testid="day-nav">
      <Button icon={<LeftOutlined aria-hidden />} onClick={() => step(-1)}>
        Previous Day
      </Button>
      <div className="calls-day-nav__label">
        <span className="calls-day-nav__date" data-testid="call-day">
          {day.format("dddd, MMMM D, YYYY")}
        </span>
        {isToday ? (
          <span className="calls-day-nav__today">Today</span>
        ) : (
          <Button type="link" size="small" onClick={onToday}>
            Back to today
          </Button>
        )}
      </div>
      <Button onClick={() => step(1)}>
        Next Day <RightOutlined aria-hidden />
      </Button>
    </div>
  );
}
