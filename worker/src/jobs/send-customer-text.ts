/**
 * Job `sendCustomerText` {noticeId}: one booking notice as a text message, once
 * (docs/customers.md, "Text messages"). The notice's row is its text's own (channel `sms`),
 * owed in the mail outbox as `customer_text`, so it is taken, retried and finished like an
 * e-mail: reloaded on every attempt, skipped once sentAt is set, sentAt recorded right
 * after the provider accepts it. A text that no longer fits is dropped; a number Twilio
 * reports as unsubscribed (21610) is opted out everywhere and its text dropped.
 */
import { dropUnsentNotice, recordNoticeSent } from "@sched/core/commands/settle-customer-notice";
import { lastSentNotice } from "@sched/core/customer-notices/last-sent";
import { isScheduled } from "@sched/core/customer-notices/record-notice";
import { formatCalendarDate } from "@sched/core/customer-notices/visit-time";
import { logger } from "@sched/core/logger";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import {
  type CustomerNoticeRow,
  companyNameOf,
  customerNameOf,
  loadCustomerNotice,
  loadNoticeJobFacts,
} from "@sched/core/queries/customer-notice-facts";
import { firstNameOf, loadMessageSettings, messageValuesOf } from "@sched/core/texts/message-facts";
import { optOutNumber, textRefusalOf } from "@sched/core/texts/opt-out";
import { TextRefused, textProvider } from "@sched/core/texts/provider";
import {
  CUSTOMER_TEXT_OPT_OUT_LINE,
  type CustomerMessageKind,
  companyTimeFormat,
  formatClock,
  renderCustomerMessage,
  ZEmailJobs,
} from "@sched/shared-types";
import type { Job } from "bullmq";
import { inertName } from "../mail/layout";
import { recordSent } from "../mail/record-sent";
import { reasonToSkip } from "./notice-fit";
import { cancellationSkip } from "./send-cancellation";
import { declinedWords } from "./send-declined";

export type TextSendOutcome = "sent" | "gone" | "already-sent" | "skipped" | "opted-out" | "refused";

/** The settings' name of each kind texted. */
const MESSAGE_KIND: Record<string, CustomerMessageKind> = {
  confirmation: "confirmation",
  reminder: "reminder",
  on_the_way: "onTheWay",
  done: "done",
};

export async function sendCustomerText(job: Pick<Job, "data">): Promise<TextSendOutcome> {
  const { noticeId } = ZEmailJobs.sendCustomerText.parse(job.data);
  const notice = await loadCustomerNotice(noticeId);
  if (!notice) return "gone";
  if (notice.sentAt) return "already-sent";
  if (notice.kind === "cancellation") return sendCancellationText(notice);
  if (notice.kind === "declined") return sendDeclinedText(notice);
  const kind = MESSAGE_KIND[notice.kind];
  const found = await loadNoticeJobFacts(notice);
  const settings = await loadCompanySettings(notice.companyId);
  const lastSent = notice.jobId ? await lastSentNotice(notice.companyId, notice.jobId, "sms") : undefined;
  const fit = { isOn: settings.customerNotices, timeZone: settings.timeZone };
  const refusal = () => textRefusalOf({ ...notice, phone: notice.recipient });
  const skip = kind ? await reasonToSkip(notice, found, lastSent, fit, refusal) : "not a text";
  if (skip || !found || !isScheduled(found.job)) {
    await dropUnsentNotice(notice.id);
    logger.info({ noticeId, reason: skip }, "customer text dropped");
    return "skipped";
  }

  const { messages, reviewUrl } = await loadMessageSettings(notice.companyId);
  const values = await messageValuesOf({
    ...found,
    job: found.job,
    companyName: inertName(found.companyName),
    timeZone: settings.timeZone,
    timeFormat: companyTimeFormat(settings),
    reviewUrl,
  });
  return deliverText(notice, renderCustomerMessage(kind, messages[kind], values));
}

/**
 * The cancellation of a visit the customer was told of by text (a fixed text: the settings'
 * four are for visits that happen). Dropped by the e-mail's rules (./send-cancellation.ts).
 */
async function sendCancellationText(notice: CustomerNoticeRow): Promise<TextSendOutcome> {
  const settings = await loadCompanySettings(notice.companyId);
  const skip = await cancellationSkip(notice, settings.customerNotices, settings.timeZone, () =>
    textRefusalOf({ ...notice, phone: notice.recipient }),
  );
  const companyName = await companyNameOf(notice.companyId);
  if (skip || !notice.visit || companyName === undefined) {
    await dropUnsentNotice(notice.id);
    logger.info({ noticeId: notice.id, reason: skip }, "customer text dropped");
    return "skipped";
  }
  const customerName = notice.customerId ? await customerNameOf(notice.companyId, notice.customerId) : null;
  const date = formatCalendarDate(notice.visit.date, { weekday: "long", month: "long", day: "numeric" });
  const time = formatClock(notice.visit.time, companyTimeFormat(settings));
  const body = `Hi ${firstNameOf(customerName) ?? "there"}, your visit from ${inertName(companyName)} on ${date} at ${time} is cancelled. To book again, contact ${inertName(companyName)}.`;
  return deliverText(notice, body);
}

/** A declined online request by text: the same words as its e-mail (./send-declined.ts). */
async function sendDeclinedText(notice: CustomerNoticeRow): Promise<TextSendOutcome> {
  const words = await declinedWords(notice, () => textRefusalOf({ ...notice, phone: notice.recipient }));
  if (words.skip !== undefined) {
    await dropUnsentNotice(notice.id);
    logger.info({ noticeId: notice.id, reason: words.skip }, "customer text dropped");
    return "skipped";
  }
  return deliverText(notice, words.message);
}

/** Sends the text and records it sent, or handles the provider's refusal for good. */
async function deliverText(notice: CustomerNoticeRow, words: string): Promise<TextSendOutcome> {
  const noticeId = notice.id;
  const body = `${words}\n${CUSTOMER_TEXT_OPT_OUT_LINE}`;
  try {
    const sent = await textProvider().send({ to: notice.recipient, body, reference: notice.id });
    const sentAt = new Date();
    await recordSent(() => recordNoticeSent(notice.id, sentAt), { noticeId: notice.id });
    logger.info({ noticeId, kind: notice.kind, providerId: sent.providerId }, "customer text sent");
    return "sent";
  } catch (error) {
    if (!(error instanceof TextRefused)) throw error;
    if (error.optedOut) await optOutNumber(notice.recipient);
    await dropUnsentNotice(notice.id);
    logger.info({ noticeId, code: error.code }, "customer text refused by the provider");
    return error.optedOut ? "opted-out" : "refused";
  }
}
