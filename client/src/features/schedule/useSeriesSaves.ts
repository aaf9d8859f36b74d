import { type JobDTO, SERIES_FIELDS } from "@sched/shared-types";
import type { FormInstance } from "antd";
import { useShowFailure } from "../../components/FailureNotice";
import { type JobChangeValues, jobChangeValues } from "../../entities/job/jobChanges";
import type { JobFormValues } from "../../entities/job/jobFormValues";
import { type FieldLabels, intendedChange } from "../../lib/staleChange";
import { useFeedback } from "../../ui/feedback";
import type { SeriesRuleChange } from "./repeat/SeriesRepeatField";
import type { useSeriesScope } from "./repeat/SeriesScopeDialog";
import { useCreateJobSeries, useUpdateJobSeries } from "./repeat/useJobSeries";

/** The fields a series carries to every occurrence (shared-types/src/job-fields.ts). */
const isSeriesField = (key: string) => (SERIES_FIELDS as readonly string[]).includes(key);

type SeriesSavesOptions = {
  companyId: string | null;
  form: FormInstance<JobFormValues>;
  askScope: ReturnType<typeof useSeriesScope>["askScope"];
  changeLabels: FieldLabels<JobChangeValues>;
  onDone: () => void;
};

/**
 * The job dialog's saves of a recurring series (docs/schedule.md): a new
 * repeating job, and a new rule for an occurrence's series.
 */
export function useSeriesSaves({ companyId, form, askScope, changeLabels, onDone }: SeriesSavesOptions) {
  const { notification } = useFeedback();
  const showFailure = useShowFailure();
  const createSeries = useCreateJobSeries();
  const updateSeries = useUpdateJobSeries();

  /** A repeating job: the series and its occurrences, from the chosen date. */
  const addSeries = (values: JobFormValues, rrule: string) => {
    const { date } = values;
    const fields = Object.fromEntries(
      Object.entries(values as Record<string, unknown>).filter(([key]) => isSeriesField(key)),
    );
    const series = { ...fields, companyId: companyId ?? undefined, startDate: date, rrule };
    createSeries.mutate(series as Parameters<typeof createSeries.mutate>[0], {
      onSuccess: () => {
        notification.success({
          title: "Success",
          description: "Recurring job has been added to the schedule.",
        });
        onDone();
      },
      onError: (error) => showFailure("Failed to add job: {message}", error, { form }),
    });
  };

  /** A new rule for the occurrence's series: asked whether from this job or for all, then saved. */
  const saveSeriesRule = async (opened: JobDTO, values: JobFormValues, rule: SeriesRuleChange) => {
    const scope = await askScope("repeat");
    if (scope === null) return;
    const wanted = intendedChange(jobChangeValues(opened), values, changeLabels);
    const fields = Object.fromEntries(Object.entries(wanted).filter(([key]) => isSeriesField(key)));
    updateSeries.mutate(
      {
        id: rule.series.id,
        change: {
          ...fields,
          rrule: rule.rrule,
          // The new rule starts on `from`: from this occurrence, or for all from the series' start.
          from: scope.scope === "following" && opened.date ? opened.date : rule.series.startDate,
          version: rule.series.version,
          includeDetached: scope.includeDetached,
        },
      },
      {
        onSuccess: () => {
          notification.success({ title: "Success", description: "Recurring job has been updated." });
          onDone();
        },
        onError: (error) => showFailure("Failed to update job: {message}", error, { form }),
      },
    );
  };

  return { addSeries, saveSeriesRule };
}
