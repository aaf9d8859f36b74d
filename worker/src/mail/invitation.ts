/** The invitation e-mail: a plain-text body and the same words as HTML. */

import { formatClock, type InvitableRole, type TimeFormat } from "@sched/shared-types";
import { button, escapeHtml, htmlLayout, withInertCompanyName } from "./layout";

export type InvitationMailFacts = {
  companyName: string;
  /** Who sent it; null when that account is gone. */
  inviterName: string | null;
  role: InvitableRole;
  link: string;
  expiresAt: Date;
  /** The company's time zone and time format: the expiry reads as the company's clock does. */
  timeZone: string;
  timeFormat: TimeFormat;
};

const ROLE_PHRASE: Record<InvitableRole, string> = { employee: "an employee", admin: "an admin" };

// Dates in the e-mail are read anywhere: spell the month and name the company's time zone.
function formatExpiry(date: Date, timeZone: string, timeFormat: TimeFormat): string {
  const day = date.toLocaleDateString("en-US", { timeZone, month: "long", day: "numeric", year: "numeric" });
  const clock = date.toLocaleTimeString("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${day} at ${formatClock(clock, timeFormat)} (${timeZone.replaceAll("_", " ")} time)`;
}

export function renderInvitationEmail(given: InvitationMailFacts) {
  const facts = withInertCompanyName(given);
  const who = facts.inviterName ?? "Your team";
  const subject = `You're invited to join ${facts.companyName} on Scheduler`;
  const lead = `${who} invited you to join ${facts.companyName} on Scheduler as ${ROLE_PHRASE[facts.role]}.`;
  const expiry = `The link works once and expires on ${formatExpiry(facts.expiresAt, facts.timeZone, facts.timeFormat)}.`;
  const ignore = "If you did not expect this invitation, you can ignore this e-mail.";

  const text = [
    "Hello,",
    "",
    lead,
    "",
    "Accept the invitation by opening this link:",
    facts.link,
    "",
    expiry,
    ignore,
    "",
  ].join("\n");

  const html = htmlLayout(
    `Join ${facts.companyName}`,
    [
      `<p>Hello,</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      button(facts.link, "Accept invitation"),
      `<p style="font-size:13px;color:#4b5563">Or paste this link into your browser:<br>${escapeHtml(facts.link)}</p>`,
      `<p style="font-size:13px;color:#4b5563">${escapeHtml(expiry)} ${escapeHtml(ignore)}</p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}
