/**
 * The mail outbox's sender of the owners' weekly numbers (docs/numbers.md). The outbox holds
 * the row's lock while it sends and marks it done with the outcome (docs/reliability.md), so
 * the e-mail leaves once; one the company turned off since it was owed is dropped.
 */
import { markWeeklyNumbersSent } from "@sched/core/commands/sweep-weekly-numbers";
import { loadWeeklyNumbersMail } from "@sched/core/queries/weekly-numbers-mail";
import { sendMail } from "../mail/transport";
import { renderWeeklyNumbersEmail } from "../mail/weekly-numbers";

export async function sendWeeklyNumbers(mailId: string): Promise<string> {
  const found = await loadWeeklyNumbersMail(mailId);
  if (!found) return "gone";
  if (found.mail.sentAt) return "already-sent";
  if (!found.wanted) return "off";
  if (found.owners.length === 0) return "no-owner";
  await sendMail({ to: found.owners.join(", "), ...renderWeeklyNumbersEmail(found) });
  await markWeeklyNumbersSent(mailId);
  return "sent";
}
