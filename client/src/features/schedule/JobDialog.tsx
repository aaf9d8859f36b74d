import { JOB_PHOTO_KINDS, JOB_SLOT_FIELDS, type JobDTO, type TJobCreate } from "@sched/shared-types";
import { Alert, Form, Modal } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useShowFailure } from "../../components/FailureNotice";
import { type PendingPlace, PlaceField } from "../../components/PlaceField";
import { useTrialLock } from "../../components/TrialLock";
import { useFocusBackOnUnmount } from "../../components/useReturnFocus";
import { useStaleChange } from "../../components/useStaleChange";
import { useCan, useCurrentCompany } from "../../entities/company/useCompanies";
import { useBoardSettings } from "../../entities/company/workingDays";
import { CustomerNotes } from "../../entities/job/CustomerNotes";
import { type JobChangeValues, jobChangeLabels, jobChangeValues } from "../../entities/job/jobChanges";
import type { JobFormValues } from "../../entities/job/jobFormValues";
import { isOnlineBooking, OnlineTag } from "../../entities/job/OnlineTag";
import { useSetJobPlace } from "../../entities/place/usePlaces";
import { formatDateTime, toISODate } from "../../lib/dates";
import { focusFirstField } from "../../lib/forms";
import { useIsSmallScreen } from "../../lib/screen";
import { changedSince, differingFields, intendedChange, staleAnswerOf } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";
import { JobPhotoStrip } from "../job-photos/JobPhotoStrip";
import { JobDialogFooter } from "./JobDialogFooter";
import { JobFormFields } from "./JobFormFields";
import { initialValues, type JobDialogDefaults } from "./jobDialogValues";
import { RevokeVisitLink } from "./RevokeVisitLink";
import { NO_REPEAT, type RepeatChoice, ruleOf } from "./repeat/repeatChoice";
import { SeriesRepeatField, type SeriesRuleChange } from "./repeat/SeriesRepeatField";
import { type ScopeChoice, useSeriesScope } from "./repeat/SeriesScopeDialog";
import { useDeletedJobToast } from "./useDeletedJobToast";
import { UNSCHEDULED, useCreateJob, useDeleteJob, useScheduleEmployees, useUpdateJob } from "./useJobs";
import { useSeriesSaves } from "./useSeriesSaves";
import "./job-dialog.css";
import { ButtonLink } from "../../ui/ButtonLink";
import type { JobBilled } from "../invoices/JobInvoicing";

// The rule library comes with the Repeat part only, on demand: the board's first download stays small.
const RepeatField = lazy(() => import("./repeat/RepeatField"));
// The office's Items and invoicing (docs/money.md, "Screens"), once the dialog has opened.
const JobItemsSection = lazy(() => import("../invoices/JobItemsSection"));

/** The job fields its invoice sets once one exists. */
const INVOICE_OWNED: ReadonlySet<string> = new Set(["amount", "paymentStatus"]);

type JobDialogProps = {
  open: boolean;
  /** Edit mode when present. */
  job?: JobDTO;
  defaults?: JobDialogDefaults;
  onClose: () => void;
  onSaved?: (job: JobDTO) => void;
  /** Offers "Move to…" (the keyboard alternative to dragging the card) when present. */
  onMoveTo?: (job: JobDTO) => void;
};

/**
 * Add Job and Edit Job (docs/schedule.md). Those who may manage jobs edit everything;
 * the others (the employee role) change the status and the photos only (the server
 * refuses the rest).
 * Other screens open it too: the call log books a job from a call with `defaults`.
 * An edit saves what the user changed from the version they opened; when someone else
 * saved the job in between, the user chooses whose change stays (useStaleChange).
 */
export function JobDialog({ open, job, defaults, onClose, onSaved, onMoveTo }: JobDialogProps) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const { companyId } = useCurrentCompany();
  const isProgressOnly = !useCan("manageJobs");
  const canBill = useCan("manageMoney");
  // Items wait until the dialog stands (its click-to-open budget); the invoice's number once billed.
  const [isOpened, setIsOpened] = useState(false);
  const [billed, setBilled] = useState<JobBilled | null>(null);
  const invoiceNumber = billed?.number ?? null;
  // Add Job says why beside it; Save to Unscheduled is refused for the same reason.
  const isTrialLocked = useTrialLock("manageJobs") !== null;
  const { active, all, isPending: isLoadingEmployees } = useScheduleEmployees(companyId);
  const settings = useBoardSettings(companyId);
  const [form] = Form.useForm<JobFormValues>();
  const isSmallScreen = useIsSmallScreen();
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const deleteJob = useDeleteJob();
  const deletedToast = useDeletedJobToast();
  const { resolveStale, staleDialog } = useStaleChange();
  const { askScope, scopeDialog } = useSeriesScope();
  const [repeat, setRepeat] = useState<RepeatChoice>(NO_REPEAT);
  // Edit Job of an occurrence: a new rule for its series, saved with PUT /api/job-series/:id.
  const [seriesRule, setSeriesRule] = useState<SeriesRuleChange | null>(null);
  // A place chosen with "Find place": pinned once the job is saved (docs/places.md).
  const [pendingPlace, setPendingPlace] = useState<PendingPlace | null>(null);
  const setJobPlace = useSetJobPlace();
  const location: string = Form.useWatch("location", form) ?? "";
  const repeatStart = Form.useWatch("date", form);
  const changeLabels = jobChangeLabels(all);
  // Closed, the dialog is unmounted: the focus goes back to what opened it, or to the
  // job's card when the card moved to another cell (docs/accessibility.md).
  useFocusBackOnUnmount(() =>
    job ? document.querySelector<HTMLElement>(`[data-testid="job-card"][data-job-id="${job.id}"]`) : null,
  );

  // The read-only Amount and Payment status follow the invoice: made here, or paid elsewhere.
  useEffect(() => {
    if (billed?.amount !== undefined) form.setFieldValue("amount", billed.amount);
    if (billed?.paymentStatus !== undefined) form.setFieldValue("paymentStatus", billed.paymentStatus);
  }, [billed, form]);

  const isEdit = Boolean(job);
  // A picked customer brings their e-mail and phone: the fields show what will be saved.
  const pickedCustomerId = Form.useWatch("customerId", form);
  const showContact =
    isEdit ||
    Boolean(pickedCustomerId) ||
    Boolean(defaults && ("customerEmail" in defaults || "customerPhone" in defaults));
  // An edited job may belong to someone no longer active: keep them selectable so the form shows them.
  const employees =
    job && !active.some((e) => e.id === job.employeeId)
      ? [...active, ...all.filter((e) => e.id === job.employeeId)]
      : active;

  const close = () => {
    setRepeat(NO_REPEAT);
    setSeriesRule(null);
    setPendingPlace(null);
    onClose();
  };

  const { addSeries, saveSeriesRule } = useSeriesSaves({
    companyId,
    form,
    askScope,
    changeLabels,
    onDone: close,
  });

  const saved = (result: JobDTO) => {
    if (pendingPlace && companyId) {
      const point = pendingPlace.kind === "pin" ? pendingPlace.suggestion : null;
      setJobPlace
        .mutateAsync({ id: result.id, companyId, point, version: result.version })
        .catch((error: unknown) => showFailure("Failed to set the job's place: {message}", error));
    }
    onSaved?.(result);
    close();
  };

  /** `toTray`: saved without employee, day and time, to the Unscheduled tray (docs/schedule.md). */
  const add = (values: JobFormValues, toTray = false) => {
    const rule = toTray ? null : ruleOf(repeat);
    if (rule) {
      addSeries(values, rule);
      return;
    }
    const payload = {
      ...values,
      ...(toTray ? UNSCHEDULED : {}),
      companyId: companyId ?? undefined,
      callRecordId: defaults?.callRecordId,
    };
    createJob.mutate(payload as TJobCreate, {
      onSuccess: (created) => {
        notification.success({
          title: "Success",
          description: toTray ? "Job has been saved to Unscheduled." : "Job has been added to the schedule.",
        });
        saved(created);
      },
      onError: (error) => {
        showFailure("Failed to add job: {message}", error, { form });
      },
    });
  };

  /** "Save to Unscheduled": every field but employee, date and time must be right. */
  const saveToTray = async () => {
    const slot: readonly string[] = JOB_SLOT_FIELDS;
    const names = form
      .getFieldsError()
      .map((field) => field.name)
      .filter((name) => !slot.includes(String(name[0])));
    try {
      await form.validateFields(names);
    } catch {
      return;
    }
    add(form.getFieldsValue(true) as JobFormValues, true);
  };

  /** Saves `change` over `version`; a save by someone else in between opens the choice. */
  const saveChange = (
    opened: JobDTO,
    change: Partial<JobChangeValues>,
    version: number,
    scope?: ScopeChoice,
  ) => {
    updateJob.mutate(
      { id: opened.id, patch: { ...change, version }, scope },
      {
        onSuccess: (updated) => {
          // A time chosen for today that has gone by is kept; the answer says so (docs/schedule.md).
          const past = updated.warnings.find((warning) => warning.code === "past_time");
          if (past) notification.warning({ title: "Job updated", description: past.message });
          else notification.success({ title: "Success", description: "Job has been updated successfully." });
          saved(updated);
        },
        onError: (error) => {
          // An invoice made in this dialog moved only the fields it owns: save over it.
          const stale = staleAnswerOf<JobDTO>(error);
          const theirs = stale
            ? changedSince(jobChangeValues(opened), jobChangeValues(stale.current), changeLabels)
            : [];
          if (stale && theirs.every((field) => INVOICE_OWNED.has(field.field))) {
            saveChange({ ...opened, ...stale.current }, change, stale.current.version, scope);
            return;
          }
          const isStale = resolveStale<JobDTO>(error, {
            root: "jobs",
            describe: (current) => differingFields(change, jobChangeValues(current), changeLabels),
            theirs: (current) =>
              changedSince(jobChangeValues(opened), jobChangeValues(current), changeLabels),
            onApply: (current) => saveChange(opened, change, current.version, scope),
            onKeep: close,
          });
          if (isStale) return;
          showFailure("Failed to update job. Please try again.", error, { form });
        },
      },
    );
  };

  const update = async (opened: JobDTO, values: JobFormValues) => {
    if (seriesRule && !isProgressOnly) {
      await saveSeriesRule(opened, values, seriesRule);
      return;
    }
    // Photos are added and deleted on their own, at once (the strips below), not with Save.
    const wanted: Partial<JobChangeValues> = isProgressOnly ? { status: values.status } : { ...values };
    // Once invoiced, the job's amount and payment status are its invoice's (docs/money.md).
    if (invoiceNumber !== null)
      for (const field of INVOICE_OWNED) delete wanted[field as keyof JobChangeValues];
    // An occurrence of a recurring job: this one, the following ones or all (docs/schedule.md).
    const scope = opened.seriesId && !isProgressOnly ? await askScope("edit") : undefined;
    if (scope === null) return;
    saveChange(opened, intendedChange(jobChangeValues(opened), wanted, changeLabels), opened.version, scope);
  };

  const remove = async (current: JobDTO) => {
    const scope = current.seriesId ? await askScope("delete") : undefined;
    if (scope === null) return;
    deleteJob.mutate(scope ? { id: current.id, scope } : current.id, {
      onSuccess: () => {
        // One job (or one visit of a series) can come back; "following"/"all" ended the series.
        deletedToast(current, !scope || scope.scope === "this");
        close();
      },
      onError: (error) => {
        showFailure("Failed to delete job. Please try again.", error);
      },
    });
  };

  const footer = (
    <JobDialogFooter
      job={job}
      isProgressOnly={isProgressOnly}
      isTrialLocked={isTrialLocked}
      isCreating={createJob.isPending}
      isUpdating={updateJob.isPending}
      isDeleting={deleteJob.isPending}
      onCancel={close}
      onSubmit={() => form.submit()}
      onSaveToTray={() => void saveToTray()}
      onDelete={(current) => void remove(current)}
      onMoveTo={onMoveTo}
    />
  );

  return (
    <>
      <Modal
        open={open}
        title={isEdit ? "Edit Job" : "Add Job"}
        onCancel={close}
        // The first field takes the focus, so typing starts there and Enter never lands on Close.
        afterOpenChange={(isOpen) => {
          focusFirstField(isOpen, form.getFieldInstance(isProgressOnly ? "status" : "employeeId"));
          setIsOpened(isOpen);
        }}
        footer={footer}
        destroyOnHidden
        className="job-dialog"
        // A phone gets the whole screen: fields and keyboard need every pixel.
        width={isSmallScreen ? "100%" : 600}
        centered={!isSmallScreen}
      >
        <Form<JobFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues(job, defaults, settings)}
          onFinish={(values) => (job ? void update(job, values) : add(values))}
          className="job-form"
          data-testid="job-form"
        >
          {!job && !isLoadingEmployees && employees.length === 0 ? (
            <Alert
              type="info"
              showIcon
              className="job-form__no-employees"
              data-testid="add-employee-first"
              title="Add an employee first"
              description="Every job is planned for someone on your team."
              action={
                <ButtonLink to="/employees?add=1" type="primary">
                  Add Employee
                </ButtonLink>
              }
            />
          ) : null}
          <JobFormFields
            employees={employees}
            isProgressOnly={isProgressOnly}
            showContact={showContact}
            isSlotOptional={job ? job.date === null : false}
            jobId={job?.id}
            invoiceNumber={invoiceNumber}
            place={
              <PlaceField
                companyId={companyId}
                address={location}
                saved={job ? { address: job.location, place: job.place } : undefined}
                pending={pendingPlace}
                onPendingChange={setPendingPlace}
                canChoose={!isProgressOnly}
              />
            }
          />
          {/* A job booked from a call is one visit: its booking link belongs to one job. */}
          {!job && !isProgressOnly && !defaults?.callRecordId ? (
            <Suspense fallback={null}>
              <RepeatField startDate={repeatStart ?? undefined} value={repeat} onChange={setRepeat} />
            </Suspense>
          ) : null}
          {job?.seriesId && !isProgressOnly ? (
            <SeriesRepeatField
              seriesId={job.seriesId}
              from={job.date ?? toISODate(undefined)}
              onChange={setSeriesRule}
            />
          ) : null}
          {job?.seriesId ? (
            <p className="job-form__series" data-testid="job-series-note">
              Part of a recurring series{job.isDetached ? ", changed on its own" : ""}.
            </p>
          ) : null}
          {job && isOnlineBooking(job) ? (
            <p className="job-form__series" data-testid="job-online-note">
              <OnlineTag job={job} /> The customer booked this visit on the booking page.
            </p>
          ) : null}
          {/* The notes the customer left on their visit page (docs/visits.md). */}
          {job ? <CustomerNotes jobId={job.id} /> : null}
          {job && !isProgressOnly ? <RevokeVisitLink job={job} /> : null}
          {job?.completedAt ? (
            <p className="job-form__completed">Completed {formatDateTime(job.completedAt)}</p>
          ) : null}
          {job ? (
            <div className="job-form__photos">
              {JOB_PHOTO_KINDS.map((kind) => (
                <JobPhotoStrip
                  key={kind}
                  job={job}
                  kind={kind}
                  canAdd={job.status !== "cancelled"}
                  canDelete={!isProgressOnly}
                  testId={`${kind}-photo`}
                />
              ))}
            </div>
          ) : null}
        </Form>
        {job && canBill && isOpened ? (
          <Suspense fallback={null}>
            <JobItemsSection job={job} onInvoiced={setBilled} />
          </Suspense>
        ) : null}
      </Modal>
      {staleDialog}
      {scopeDialog}
    </>
  );
}
