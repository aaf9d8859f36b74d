/**
 * The Repeat part of Edit Job for an occurrence of a recurring job (docs/schedule.md):
 * shows the series' rule, and a changed rule with the preview of the
 * dates it gives from the edited occurrence on: a new rule starts there (its DTSTART), as
 * the server makes it for "This and following". The dialog saves a changed rule with
 * PUT /api/job-series/:id.
 */
import type { JobSeriesDTO } from "@sched/shared-types";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { choiceOf, type RepeatChoice, ruleOf } from "./repeatChoice";
import { useJobSeries } from "./useJobSeries";

const RepeatField = lazy(() => import("./RepeatField"));

/** A rule the person changed, with the series as they saw it (its version for the stale check). */
export type SeriesRuleChange = { rrule: string; series: JobSeriesDTO };

type SeriesRepeatFieldProps = {
  seriesId: string;
  /** The edited occurrence's date: the preview starts there. */
  from: string;
  onChange: (change: SeriesRuleChange | null) => void;
};

export function SeriesRepeatField({ seriesId, from, onChange }: SeriesRepeatFieldProps) {
  const { data: series } = useJobSeries(seriesId);
  const initial = useMemo(() => (series ? choiceOf(series.rrule, series.startDate) : null), [series]);
  const [choice, setChoice] = useState<RepeatChoice | null>(null);
  useEffect(() => setChoice(initial), [initial]);
  // A rule the dialog cannot show (COUNT, an ordinal weekday…) is kept as it is.
  if (!series || !initial || !choice) return null;

  const change = (next: RepeatChoice) => {
    setChoice(next);
    const rule = ruleOf(next);
    const isNew =
      rule !== null && rule !== ruleOf(initial) && (next.kind !== "weekly" || next.days.length > 0);
    onChange(isNew ? { rrule: rule, series } : null);
  };

  return (
    <Suspense fallback={null}>
      <RepeatField startDate={from} previewFrom={from} value={choice} onChange={change} />
    </Suspense>
  );
}
