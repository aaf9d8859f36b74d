/**
 * Booking notices (docs/customers.md): their kinds and the keys that make
 * each one once-only. A key names the job and the change it is about; customer_notice has a
 * unique (company, key) index, so the row is made once whoever asks for it how often.
 */

export const NOTICE_KINDS = [
  "confirmation",
  "reminder",
  "on_the_way",
  "done",
  "cancellation",
  "series_confirmation",
  "series_change",
  "declined",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/**
 * A confirmation per booking and per move. The job's version tells the moves apart, so
 * moving a visit to Tuesday, then back to Monday, confirms Monday again.
 */
export const confirmationKey = (job: { id: string; date: string; time: string; version: number }) =>
  `confirmation:${job.id}:${job.date}T${job.time}:v${job.version}`;

/** The slot a confirmation's key names: what the customer was told when it was sent. */
export function slotOfConfirmationKey(key: string): { date: string; time: string } | undefined {
  const match = /^confirmation:[^:]+:(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):v\d+$/.exec(key);
  return match ? { date: match[1], time: match[2] } : undefined;
}

/**
 * One cancellation per confirmation the customer received: moving a job to the tray and
 * then deleting it cancels the visit they were told of once, not twice.
 */
export const cancellationKey = (jobId: string, toldNoticeId: string) =>
  `cancellation:${jobId}:${toldNoticeId}`;

/** One reminder per job and visit date: moved to another day, the visit is reminded of again. */
export const reminderKey = (job: { id: string; date: string }) => `reminder:${job.id}:${job.date}`;

/**
 * One "on the way" per job and visit date: a technician who taps the button twice sends
 * the customer one e-mail, not two.
 */
export const onTheWayKey = (job: { id: string; date: string }) => `on_the_way:${job.id}:${job.date}`;

/** One "done" per job: reopened and completed again, the customer is not thanked twice. */
export const doneKey = (job: { id: string }) => `done:${job.id}`;

/**
 * One "could not take your booking" per online request the office declines: a request is
 * declined once (docs/booking-office.md), so its id is the whole key.
 */
export const declinedKey = (bookingId: string) => `declined:${bookingId}`;

/** The booking request a declined notice's key names. */
export const bookingIdOfKey = (key: string) => /^declined:([^:]+)$/.exec(key)?.[1];

/** How a notice reaches the customer: each channel has its own row under the same key. */
export const NOTICE_CHANNELS = ["email", "sms"] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** The kinds also sent as a text message; cancellations and series notices go by e-mail only. */
export const TEXTED_KINDS: ReadonlySet<NoticeKind> = new Set([
  "confirmation",
  "reminder",
  "on_the_way",
  "done",
  "declined",
]);

/**
 * One e-mail per new recurring job and per change of its rule: the series' version tells the
 * changes apart. Its occurrences are not confirmed one by one (docs/customers.md).
 */
export const seriesKey = (series: { id: string; version: number }) =>
  `series:${series.id}:v${series.version}`;

/** The series a series notice's key names. */
export const seriesIdOfKey = (key: string) => /^series:([^:]+):v\d+$/.exec(key)?.[1];

/** The e-mail job's id in the queue: the web's enqueue and the worker's sweep share it. */
export const noticeEmailJobId = (noticeId: string) => `customer-notice-${noticeId}`;

/** The text message's job id in the queue (a notice by text is a row of its own). */
export const noticeTextJobId = (noticeId: string) => `customer-text-${noticeId}`;
