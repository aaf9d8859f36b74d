/**
 * Saving over someone else's change (docs/schedule.md):
 * every save names the version the user opened, and a 409 `stale` answer brings
 * the row as it is now. This module reads that answer, works out what the user changed
 * and which of those fields now read differently, and puts the current row into the
 * cache. The dialog that lets the user choose is components/StaleChangeDialog.tsx.
 */
import type { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api";
import { type QueryRoot, rootKey } from "./queryKeys";

/** A row that carries the version every change grows. */
export type Versioned = { id: string; version: number };

type StaleAnswer<T extends Versioned> = {
  /** Who changed it, in the server's words: "Olive Owner changed this job since you opened it." */
  message: string;
  /** The row as it is now. */
  current: T;
};

const isVersioned = (value: unknown): value is Versioned =>
  typeof value === "object" &&
  value !== null &&
  "id" in value &&
  typeof value.id === "string" &&
  "version" in value &&
  typeof value.version === "number";

/**
 * The stale answer of a failed save, or null for any other failure. `T` is the resource
 * the caller saved: the server answers with that resource's own presentation.
 */
export function staleAnswerOf<T extends Versioned>(error: unknown): StaleAnswer<T> | null {
  if (!isApiError(error, "stale") || !error.body) return null;
  const { message, current } = error.body;
  if (!isVersioned(current)) return null;
  return { message, current: current as T };
}

/**
 * How a field reads to a person. `show` gets a value that is set; an empty one reads
 * NOT_SET. (Method syntax, so a label for a string field fits a list of unknown fields.)
 */
type FieldLabel<T = unknown> = { label: string; show?(value: NonNullable<T>): string };

/** Labels of the fields a person may change, in the order they are listed. */
export type FieldLabels<V> = { [K in keyof V]?: FieldLabel<V[K]> };

export const NOT_SET = "(none)";

/** One field the user's save and the current row disagree on. */
export type FieldDifference = { field: string; label: string; now: string; mine: string };

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** The text a person reads for `value`. Two values that read the same are the same to them. */
export function readValue(label: FieldLabel | undefined, value: unknown): string {
  if (isEmpty(value)) return NOT_SET;
  if (label?.show && value !== null && value !== undefined) return label.show(value);
  return typeof value === "string" ? value.trim() : String(value);
}

function labelOf<V extends object>(labels: FieldLabels<V>, field: string): FieldLabel | undefined {
  return Object.hasOwn(labels, field) ? (labels as Record<string, FieldLabel>)[field] : undefined;
}

/**
 * What the user changed: the fields of `wanted` that read differently from `base` (the
 * row as they opened it). When nothing reads differently, all of `wanted`: saving an
 * untouched form means "keep what is on my screen".
 */
export function intendedChange<V extends object>(
  base: V,
  wanted: Partial<V>,
  labels: FieldLabels<V>,
): Partial<V> {
  const change: Partial<V> = {};
  for (const field of Object.keys(wanted) as (keyof V & string)[]) {
    const label = labelOf(labels, field);
    if (readValue(label, wanted[field]) !== readValue(label, base[field])) change[field] = wanted[field];
  }
  return Object.keys(change).length > 0 ? change : { ...wanted };
}

/**
 * The fields of the user's change that read differently in the current row, in the order
 * of `labels`; fields without a label (a company id) are not shown.
 */
export function differingFields<V extends object>(
  mine: Partial<V>,
  now: V,
  labels: FieldLabels<V>,
): FieldDifference[] {
  const differences: FieldDifference[] = [];
  for (const field of Object.keys(labels) as (keyof V & string)[]) {
    if (!Object.hasOwn(mine, field)) continue;
    const label = labelOf(labels, field);
    const nowText = readValue(label, now[field]);
    const mineText = readValue(label, mine[field]);
    if (nowText !== mineText && label) {
      differences.push({ field, label: label.label, now: nowText, mine: mineText });
    }
  }
  return differences;
}

/** One field the other person changed: what it read when the user opened it, and now. */
export type FieldChange = { field: string; label: string; was: string; now: string };

/**
 * What the other person changed: the labelled fields that read differently now from the
 * row as the user opened it (`opened`), in the order of `labels`.
 */
export function changedSince<V extends object>(opened: V, now: V, labels: FieldLabels<V>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of Object.keys(labels) as (keyof V & string)[]) {
    const label = labelOf(labels, field);
    const was = readValue(label, opened[field]);
    const nowText = readValue(label, now[field]);
    if (was !== nowText && label) changes.push({ field, label: label.label, was, now: nowText });
  }
  return changes;
}

/**
 * Puts `row` into every loaded list under `root` that holds it, never over a newer
 * version that arrived meanwhile: the screen shows what is saved before any refetch.
 */
export function putRowInLists(queryClient: QueryClient, root: QueryRoot, row: Versioned): void {
  queryClient.setQueriesData<unknown[]>({ queryKey: rootKey(root) }, (data) => {
    if (!Array.isArray(data)) return data;
    const index = data.findIndex((item) => isVersioned(item) && item.id === row.id);
    const listed: unknown = data[index];
    if (index < 0 || (isVersioned(listed) && listed.version > row.version)) return data;
    return data.map((item, at) => (at === index ? row : item));
  });
}
