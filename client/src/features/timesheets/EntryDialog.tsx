import type { TimesheetChangeDTO } from "@sched/shared-types";
import { wallClock } from "@sched/shared-types";
import { Alert, Empty, Form, Input, Modal, Spin, Timeline } from "antd";
import type { ReactNode } from "react";
import { isApiError } from "../../lib/api";
import { errorMessage } from "../../lib/errorText";
import { useFeedback } from "../../ui/feedback";
import { dayOf, instantOf, timeOfDay } from "./time";
import { useCorrectEntry, useEntryHistory } from "./useTimesheets";

/** The entry a dialog edits, with whose it is. */
export type EditedEntry = {
  id: string;
  clockIn: string;
  clockOut: string | null;
  version: number;
  employeeName: string;
  isLocked: boolean;
};

type FormValues = { clockIn: string; clockOut: string; reason: string };

const KIND_WORDS: Record<TimesheetChangeDTO["kind"], string> = {
  clock_in: "Started the day",
  clock_out: "Ended the day",
  corrected: "Corrected",
  approved: "Approved the week",
  reopened: "Reopened the week",
};

function changeText(change: TimesheetChangeDTO, timeZone: string): string {
  const span = (times: TimesheetChangeDTO["after"]) =>
    times
      ? `${timeOfDay(times.clockIn, timeZone)} – ${times.clockOut ? timeOfDay(times.clockOut, timeZone) : "no end"}`
      : "";
  const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(
    new Date(change.changedAt),
  );
  const who = change.changedBy ?? "Someone";
  const what = change.kind === "corrected" ? `${span(change.before)} → ${span(change.after)}` : "";
  const why = change.reason ? ` — “${change.reason}”` : "";
  return `${when} · ${who}: ${KIND_WORDS[change.kind]}${what ? ` ${what}` : ""}${why}`;
}

type EntryDialogProps = {
  entry: EditedEntry | null;
  timeZone: string;
  canCorrect: boolean;
  onClose: () => void;
};

/** One recorded day: its correction (the office, with a reason) and its history (docs/timesheets.md). */
export function EntryDialog({ entry, timeZone, canCorrect, onClose }: EntryDialogProps) {
  const { notification } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const correct = useCorrectEntry();
  const history = useEntryHistory(entry?.id ?? null);
  const isEditable = canCorrect && entry !== null && !entry.isLocked;

  const onFinish = (values: FormValues) => {
    if (!entry) return;
    correct.mutate(
      {
        id: entry.id,
        clockIn: instantOf(values.clockIn, timeZone),
        clockOut: instantOf(values.clockOut, timeZone),
        reason: values.reason,
        version: entry.version,
      },
      {
        onSuccess: () => {
          notification.success({ title: "Time corrected" });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error, "validation") && error.errors.length > 0) {
            form.setFields(
              error.errors.map((e) => ({ name: e.path as keyof FormValues, errors: [e.message] })),
            );
            return;
          }
          notification.error({ title: "Not saved", description: errorMessage(error, "Please try again.") });
        },
      },
    );
  };

  let historyList: ReactNode;
  if (history.isPending) historyList = <Spin />;
  else if (history.isError)
    historyList = <Alert type="error" showIcon title="The history could not be loaded" />;
  else if (history.data.length === 0)
    historyList = <Empty description="No changes yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  else
    historyList = (
      <Timeline
        data-testid="entry-history"
        items={history.data.map((change) => ({ key: change.id, content: changeText(change, timeZone) }))}
      />
    );

  return (
    <Modal
      open={entry !== null}
      title={entry ? `${entry.employeeName}: ${dayOf(entry.clockIn, timeZone)}` : ""}
      okText="Save correction"
      onOk={() => form.submit()}
      okButtonProps={{ loading: correct.isPending, disabled: !isEditable, "data-testid": "entry-save" }}
      onCancel={onClose}
      destroyOnHidden
    >
      {entry?.isLocked ? (
        <Alert type="info" showIcon title="This week is approved: reopen it to correct it." />
      ) : null}
      {entry && isEditable ? (
        <Form<FormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          initialValues={{
            clockIn: wallClock(entry.clockIn, timeZone),
            clockOut: entry.clockOut ? wallClock(entry.clockOut, timeZone) : "",
            reason: "",
          }}
        >
          <Form.Item
            label="Started"
            name="clockIn"
            rules={[{ required: true, message: "Clock in is required" }]}
          >
            <Input type="datetime-local" data-testid="entry-clock-in" />
          </Form.Item>
          <Form.Item
            label="Ended"
            name="clockOut"
            rules={[{ required: true, message: "Clock out is required" }]}
          >
            <Input type="datetime-local" data-testid="entry-clock-out" />
          </Form.Item>
          <Form.Item
            label="Reason"
            name="reason"
            rules={[{ required: true, whitespace: true, message: "Reason is required" }]}
          >
            <Input placeholder="e.g. Forgot to end the day" maxLength={500} data-testid="entry-reason" />
          </Form.Item>
        </Form>
      ) : null}
      <h3 className="timesheets__history-title">History</h3>
      {historyList}
    </Modal>
  );
}
