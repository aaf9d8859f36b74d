/** The two trial e-mails: a reminder before the trial ends and a note once it has. */
import { config } from "@sched/core/config";
import { button, escapeHtml, htmlLayout, withInertCompanyName } from "./layout";
import type { Mail } from "./transport";

type TrialFacts = { to: string; firstName: string; companyName: string; trialEndsAt: Date; daysLeft: number };

const subscriptionUrl = () => `${config.appUrl}/subscription`;

/** "Tuesday, March 3, 2026" in UTC, so the date matches the server's idea of when the trial ends. */
const longDate = (instant: Date) =>
  instant.toLocaleDateString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

export function trialReminderMail(given: TrialFacts): Mail {
  const facts = withInertCompanyName(given);
  const days = `${facts.daysLeft} ${facts.daysLeft === 1 ? "day" : "days"}`;
  const subject = `Your Scheduler trial for ${facts.companyName} ends in ${days}`;
  const when = longDate(facts.trialEndsAt);
  const url = subscriptionUrl();
  const text = [
    `Hi ${facts.firstName},`,
    "",
    `The free trial of ${facts.companyName} on Scheduler ends on ${when} (in ${days}).`,
    "Choose a plan before then to keep planning your crew's week without interruption.",
    "After the trial you can still view and export your schedule, but not change it.",
    "",
    `Choose a plan: ${url}`,
  ].join("\n");
  const html = htmlLayout(
    "Your free trial ends soon",
    `<p>Hi ${escapeHtml(facts.firstName)},</p>
<p>The free trial of <strong>${escapeHtml(facts.companyName)}</strong> on Scheduler ends on
<strong>${escapeHtml(when)}</strong> (in ${escapeHtml(days)}).</p>
<p>Choose a plan before then to keep planning your crew's week without interruption. After the
trial you can still view and export your schedule, but not change it.</p>
${button(url, "Choose a plan")}`,
  );
  return { to: facts.to, subject, text, html };
}

export function trialEndedMail(given: Omit<TrialFacts, "daysLeft">): Mail {
  const facts = withInertCompanyName(given);
  const subject = `Your Scheduler trial for ${facts.companyName} has ended`;
  const url = subscriptionUrl();
  const text = [
    `Hi ${facts.firstName},`,
    "",
    `The free trial of ${facts.companyName} on Scheduler ended on ${longDate(facts.trialEndsAt)}.`,
    "Your schedule, roster and history are safe: you can still view and export them.",
    "Choose a plan to make changes again.",
    "",
    `Choose a plan: ${url}`,
  ].join("\n");
  const html = htmlLayout(
    "Your free trial has ended",
    `<p>Hi ${escapeHtml(facts.firstName)},</p>
<p>The free trial of <strong>${escapeHtml(facts.companyName)}</strong> on Scheduler ended on
<strong>${escapeHtml(longDate(facts.trialEndsAt))}</strong>.</p>
<p>Your schedule, roster and history are safe: you can still view and export them. Choose a plan
to make changes again.</p>
${button(url, "Choose a plan")}`,
  );
  return { to: facts.to, subject, text, html };
}
