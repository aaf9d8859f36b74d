import { ContactsOutlined, PlusOutlined } from "@ant-design/icons";
import type { CallRecordDTO } from "@sched/shared-types";
import { Alert, Button, Card, Empty, Skeleton } from "antd";
import dayjs from "dayjs";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { PageTitle } from "../../components/PageTitle";
import { useReturnFocus } from "../../components/useReturnFocus";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { ISO_DATE_FORMAT } from "../../lib/dates";
import { BookJobFromCall } from "./BookJobFromCall";
import { CallRecordCard } from "./CallRecordCard";
import { CallRecordForm } from "./CallRecordForm";
import { DayNavigator } from "./DayNavigator";
import { DayNotes } from "./DayNotes";
import { useCallRecords, useDailyCall, useDeleteCallRecord } from "./useCallLog";
import "./calls.css";
import { TrialLock } from "../../components/TrialLock";
import { errorMessage } from "../../lib/errorText";
import { ButtonLink } from "../../ui/ButtonLink";

/** The form is closed, logging a new call, or editing one record. */
type FormState =
  | { mode: "closed" }
  | { mode: "create"; openedAt: number }
  | { mode: "edit"; record: CallRecordDTO };

const today = () => dayjs().format(ISO_DATE_FORMAT);
const isCalendarDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(ISO_DATE_FORMAT) === value;

/** The day shown, kept in the URL (?date=) so a reload or a shared link shows the same day. */
function useShownDay() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("date");
  const date = isCalendarDate(requested) ? requested : today();
  const setDate = (next: string) =>
    setParams(next === today() ? {} : { date: next }, { replace: true, preventScrollReset: true });
  return { date, setDate, isToday: date === today() };
}

function countLabel(count: number, isToday: boolean) {
  return `${count === 1 ? "call" : "calls"} logged ${isToday ? "today" : "this day"}`;
}

export default function CallsPage() {
  const { companyId } = useCurrentCompany();
  const { date, setDate, isToday } = useShownDay();
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [bookingFrom, setBookingFrom] = useState<CallRecordDTO | null>(null);
  const calls = useCallRecords(companyId, date);
  const day = useDailyCall(companyId, date);
  const deleteCall = useDeleteCallRecord();
  const canManage = useCan("manageCalls");
  // The form is inline, not a dialog: closing it puts the focus back on the button that
  // opened it, or on Log Call when that one is gone (the empty list's button, a deleted card).
  const { remember, restore } = useReturnFocus();
  const logCallButton = useRef<HTMLButtonElement>(null);
  // Set when the form closes; the focus goes back once the closing render has removed it.
  const isFocusOwed = useRef(false);
  useEffect(() => {
    if (form.mode !== "closed" || !isFocusOwed.current) return;
    isFocusOwed.current = false;
    restore(() => logCallButton.current);
  }, [form.mode, restore]);
  if (!companyId) return null;

  const closeForm = () => {
    if (form.mode !== "closed") isFocusOwed.current = true;
    setForm({ mode: "closed" });
  };
  const openForm = (next: FormState) => {
    remember();
    setForm(next);
  };
  const openNewCall = () => openForm({ mode: "create", openedAt: Date.now() });
  const onSaved = (record: CallRecordDTO) => {
    closeForm();
    // Show the day the call was filed under, so the saved record is in view.
    if (record.callDate !== date) setDate(record.callDate);
  };
  const onDelete = (record: CallRecordDTO) => {
    if (form.mode === "edit" && form.record.id === record.id) closeForm();
    deleteCall.mutate(record.id);
  };
  const count = calls.data?.length ?? 0;

  return (
    <div className="calls-page">
      <div className="calls-header">
        <PageTitle title="Call Log" subtitle="Customer calls taken by the office, one day at a time." />
        <div className="calls-header__actions">
          {/* The office's phone bar has no room for Customers: the callers' records are one tap from here. */}
          <ButtonLink to="/customers" icon={<ContactsOutlined aria-hidden />}>
            Customers
          </ButtonLink>
          {canManage ? (
            <TrialLock action="manageCalls">
              <Button
                ref={logCallButton}
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={openNewCall}
              >
                Log Call
              </Button>
            </TrialLock>
          ) : null}
        </div>
      </div>

      <Card className="calls-day" size="small">
        <DayNavigator
          date={date}
          isToday={isToday}
          onChange={(next) => {
            closeForm();
            setDate(next);
          }}
          onToday={() => setDate(today())}
        />
        <div className="calls-count" data-testid="call-count" aria-live="polite">
          <span className="calls-count__number">{calls.isPending ? "–" : count}</span>{" "}
          <span className="calls-count__label">{countLabel(count, isToday)}</span>
        </div>
      </Card>

      <div className="calls-layout">
        <section className="calls-main" aria-label="Calls">
          {form.mode !== "closed" ? (
            <CallRecordForm
              key={form.mode === "edit" ? form.record.id : `new-${form.openedAt}`}
              companyId={companyId}
              record={form.mode === "edit" ? form.record : undefined}
              onClose={closeForm}
              onSaved={onSaved}
            />
          ) : null}

          {calls.isPending ? (
            <Card size="small">
              <Skeleton active paragraph={{ rows: 3 }} />
            </Card>
          ) : calls.isError ? (
            <Alert
              type="error"
              showIcon
              title="Could not load the calls"
              description={errorMessage(calls.error, "Please try again.")}
              action={<Button onClick={() => void calls.refetch()}>Retry</Button>}
            />
          ) : count === 0 ? (
            <Card className="calls-empty">
              <Empty
                description={isToday ? "No calls logged today yet." : "No calls logged on this day."}
                image={Empty.PRESENTED_IMAGE_SIMPLE}
              >
                {canManage && form.mode === "closed" ? (
                  <TrialLock action="manageCalls">
                    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openNewCall}>
                      Log Your First Call
                    </Button>
                  </TrialLock>
                ) : null}
              </Empty>
            </Card>
          ) : (
            <div className="calls-list">
              {calls.data.map((record) => (
                <CallRecordCard
                  key={record.id}
                  record={record}
                  canManage={canManage}
                  isDeleting={deleteCall.isPending && deleteCall.variables === record.id}
                  onEdit={() => openForm({ mode: "edit", record })}
                  onDelete={() => onDelete(record)}
                  onBookJob={() => setBookingFrom(record)}
                />
              ))}
            </div>
          )}
        </section>

        <aside className="calls-side">
          <DayNotes
            companyId={companyId}
            date={date}
            day={day.data}
            isLoading={day.isPending}
            canManage={canManage}
          />
        </aside>
      </div>

      {bookingFrom ? <BookJobFromCall record={bookingFrom} onClose={() => setBookingFrom(null)} /> : null}
    </div>
  );
}
