import { CALL_NOTES_MAX, type DailyCallDTO, ZDailyCallUpdate } from "@sched/shared-types";
import { Alert, Button, Card, Input, Skeleton, Typography } from "antd";
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
        // Keyed by the day: another day starts the editor afresh; a save by someone else does not.
        <DayNotesEditor key={date} companyId={companyId} date={date} day={day} />
      ) : day?.notes ? (
        <p className="day-notes__text">{day.notes}</p>
      ) : (
        <Typography.Text type="secondary">No notes for this day.</Typography.Text>
      )}
    </Card>
  );
}

/** The notice shown while the notes typed here and a save by someone else disagree. */
const CHANGED_ELSEWHERE =
  "Someone else saved these notes while you were typing. Save Notes replaces their version with yours.";

/**
 * The notes as typed. A save from elsewhere (another dispatcher, a live event) replaces them
 * only while nothing typed here is unsaved; otherwise the typing stays, with a notice and a
 * way to take their version instead (docs/call-log.md).
 */
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
  // The saved notes the typing started from.
  const [base, setBase] = useState(saved);
  if (saved !== base && (notes === base || notes === saved)) {
    // Nothing unsaved here (or this very text was saved): take the saved notes as they are.
    setBase(saved);
    setNotes(saved);
  }
  const isChangedElsewhere = saved !== base;
  const save = useSaveDayNotes(companyId, date);
  const check = ZDailyCallUpdate.shape.notes.safeParse(notes);
  const error = check.success ? null : (check.error.issues[0]?.message ?? null);
  const takeTheirs = () => {
    setBase(saved);
    setNotes(saved);
  };
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
      {isChangedElsewhere ? (
        <Alert
          className="day-notes__changed"
          type="warning"
          showIcon
          title={CHANGED_ELSEWHERE}
          action={
            <Button size="small" onClick={takeTheirs}>
              Use Their Notes
            </Button>
          }
        />
      ) : null}
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
