/**
 * Time off's kinds, states and their labels (docs/time-off.md): plain values, apart from
 * the zod schemas (schemas/time-off.ts) so a screen that only shows time off does not
 * load the validation library with them.
 */
export const TIME_OFF_KINDS = ["vacation", "sick", "personal", "other"] as const;
export type TimeOffKind = (typeof TIME_OFF_KINDS)[number];
export const TIME_OFF_STATUSES = ["pending", "approved", "declined"] as const;
export type TimeOffStatus = (typeof TIME_OFF_STATUSES)[number];

export const TIME_OFF_KIND_LABELS: Record<TimeOffKind, string> = {
  vacation: "Vacation",
  sick: "Sick",
  personal: "Personal",
  other: "Other",
};
