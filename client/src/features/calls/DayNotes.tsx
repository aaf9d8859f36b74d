import { CALL_NOTES_MAX, type DailyCallDTO, ZDailyCallUpdate } from "@sched/shared-types";
import { Button, Card, Input, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useSaveDayNotes } from "./useCallLog";

type DayNotesProps = {
  companyId: string;
  date: string;
  day: DailyCallDTO | undefined;
  isLoading: boolean;
  canManage: boolean;
};

/** The office's notes for the day (a daily call, docs/call-log.md): callbacks owed, who is off, and so on. */
export function DayNotes({ companyId, date, day, isLoading, canManage }: DayNotesProps) {
  return (
    <Card className="day-notes" title="Day notes" size="small" data-testid="day-notes">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : canManage ? (
        // Keyed by what was loaded, so another day (or someone else's save) starts the editor afresh.
        <DayNotesEditor key={`${date}:${day?.updatedAt ?? ""}`} companyId={companyId} date={date} day={day} />
      ) : day?.notes ? (
        <p className="day-notes__text">{day.notes}</p>
      ) : (
        <Typography.Text type="secondary">No notes for this day.</Typography.Text>
      )}
    </Card>
  );
}

function DayNotesEditor({
  companyId,
  date,
  day,
}: {
  companyId: string;
  date: string;
  day: DailyCallDTO | undefined;
}) {
  const saved = day?.notes ?? "";
  const [notes, setNotes] = useState(saved);
  const save = useSaveDayNotes(companyId, date);
  const check = ZDailyCallUpdate.shape.notes.safeParse(notes);
  const error = check.success ? null : (check.error.issues[0]?.message ?? null);
  return (
    <div className="day-notes__editor">
      <Input.TextArea
        aria-label="Day notes"
        placeholder="Callbacks owed, parts to order, anything the office should remember about this day"
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={CALL_NOTES_MAX}
        showCount
        status={error ? "error" : undefined}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
      <Button
        className="day-notes__save"
        disabled={notes === saved || error !== null}
        loading={save.isPending}
        onClick={() => save.mutate(notes)}
      >
        Save Notes
      </Button>
    </div>
  );
}
