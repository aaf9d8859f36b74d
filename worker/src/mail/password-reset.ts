/** The password reset e-mail: a plain-text body and the same words as HTML (docs/auth.md). */
import { PASSWORD_RESET_TTL_MINUTES } from "@sched/shared-types";
import { button, escapeHtml, htmlLayout } from "./layout";

export type PasswordResetMailFacts = {
  firstName: string;
  link: string;
  /** True when the company's owner sent it from the Team screen rather than the person asking. */
  isSentByOwner: boolean;
};

export function renderPasswordResetEmail(facts: PasswordResetMailFacts) {
  const subject = "Choose a new password for Scheduler";
  const lead = facts.isSentByOwner
    ? "Your company's owner sent you a link to choose a new password for Scheduler."
    : "Someone, hopefully you, asked for a link to choose a new password for Scheduler.";
  const rules = `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. Choosing a new password signs you out everywhere else.`;
  const ignore = "If you did not ask for it, you can ignore this e-mail: your password stays as it is.";

  const text = [
    `Hello ${facts.firstName},`,
    "",
    lead,
    "",
    "Choose your new password by opening this link:",
    facts.link,
    "",
    rules,
    ignore,
    "",
  ].join("\n");

  const html = htmlLayout(
    "Choose a new password",
    [
      `<p>Hello ${escapeHtml(facts.firstName)},</p>`,
      `<p>${escapeHtml(lead)}</p>`,
      button(facts.link, "Choose a new password"),
      `<p style="font-size:13px;color:#4b5563">Or paste this link into your browser:<br>${escapeHtml(facts.link)}</p>`,
      `<p style="font-size:13px;color:#4b5563">${escapeHtml(rules)} ${escapeHtml(ignore)}</p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}
