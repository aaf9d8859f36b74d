/** The series-scope question's words, shared by SeriesScopeDialog.tsx and the modal it loads. */
import type { SeriesScope } from "@sched/shared-types";

export type ScopeChoice = { scope: SeriesScope; includeDetached: boolean };
/** `repeat`: a new rule, which reaches this and following or all, never one job alone. */
export type ScopeAction = "edit" | "delete" | "repeat";
