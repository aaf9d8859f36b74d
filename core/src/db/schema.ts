/**
 * The relational model (docs/architecture.md). Every company-scoped table carries
 * company_id and an index that starts with it, so every list is one index range.
 * The first design's text flags (isUsed, isActive, isArchived) are real booleans; the API
 * presents them as booleans (docs/decisions.md).
 */
export * from "./schema/accounts";
export * from "./schema/booking";
export * from "./schema/company-logos";
export * from "./schema/deleted-jobs";
export * from "./schema/geocode-cache";
export * from "./schema/invoice-page";
export * from "./schema/invoice-reminders";
export * from "./schema/job-photos";
export * from "./schema/mail-outbox";
export * from "./schema/messages";
export * from "./schema/money";
export * from "./schema/numbers";
export * from "./schema/password-reset";
export * from "./schema/payments";
export * from "./schema/planning";
export * from "./schema/quote-deposits";
export * from "./schema/quotes";
export * from "./schema/route-plans";
export * from "./schema/texts";
export * from "./schema/time-off";
export * from "./schema/timesheets";
export * from "./schema/visits";
export * from "./schema/weekly-numbers-mails";
export * from "./schema/work";
