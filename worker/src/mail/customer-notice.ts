/**
 * Booking notices to a company's customers (docs/customers.md): a plain-
 * text body and the same words as HTML, each ending with the customer's unsubscribe link.
 */
import { formatCalendarDate } from "@sched/core/customer-notices/visit-time";
import { arrivalWindowText, formatClock, type TimeFormat } from "@sched/shared-types";
import { escapeHtml, htmlLayout, withInertCompanyName } from "./layout";

export type CustomerNoticeFacts = {
  kind: "confirmation" | "reminder" | "on_the_way" | "done" | "cancellation";
  /** A confirmation after an earlier one for the same job: the visit moved. */
  isMove: boolean;
  companyName: string;
  jobType: string;
  location: string;
  /** The visit's calendar date and wall-clock time, as the company booked them. */
  date: string;
  time: string;
  /**
   * The window promised to the customer (docs/schedule.md, "Optimize a day"): said instead
   * of the time, "arriving 9–11 AM", as the optimizer may move the visit inside it.
   */
  arrivalWindow?: { start: string; end: string } | null;
  /** The company's time format (its setting, else its country's: 12-hour in the US). */
  timeFormat: TimeFormat;
  technicianName: string | null;
  /** The visit page (docs/visits.md): every notice about a visit carries it, a cancellation excepted. */
  visitUrl?: string | null;
  /** On my way's arrival estimate on the company's clock ("9:40 AM"), when there is one. */
  arrivalTime?: string | null;
  /** The company's review link, said in the "done" e-mail when set. */
  reviewUrl?: string | null;
  unsubscribeLink: string;
};

const formatDay = (date: string) =>
  formatCalendarDate(date, { weekday: "long", month: "long", day: "numeric", year: "numeric" });

type Words = { subject: string; title: string; lines: string[] };

/** The visit page's line: where the customer follows, changes or cancels the visit. */
function withVisitLink(words: Words, facts: CustomerNoticeFacts): Words {
  if (!facts.visitUrl || facts.kind === "cancellation") return words;
  const line =
    facts.kind === "on_the_way" || facts.kind === "done"
      ? `Your visit's page: ${facts.visitUrl}`
      : `See, change or cancel your visit: ${facts.visitUrl}`;
  return { ...words, lines: [...words.lines, line] };
}

function wordsOf(facts: CustomerNoticeFacts): Words {
  const clock = facts.arrivalWindow
    ? `arriving ${arrivalWindowText(facts.arrivalWindow, facts.timeFormat)}`
    : formatClock(facts.time, facts.timeFormat);
  const when = facts.arrivalWindow
    ? `${formatDay(facts.date)}, ${clock}`
    : `${formatDay(facts.date)} at ${clock}`;
  const visit = `${facts.jobType} at ${facts.location}`;
  if (facts.kind === "confirmation") {
    return facts.isMove
      ? {
          subject: `Your visit from ${facts.companyName} has moved to ${when}`,
          title: "Your visit has moved",
          lines: [
            `${facts.companyName} moved your visit (${visit}) to ${when}.`,
            "The attached calendar file updates the visit in your calendar.",
          ],
        }
      : {
          subject: `Your visit from ${facts.companyName} is booked for ${when}`,
          title: "Your visit is booked",
          lines: [
            `${facts.companyName} booked your visit (${visit}) for ${when}.`,
            "The attached calendar file adds the visit to your calendar.",
          ],
        };
  }
  if (facts.kind === "cancellation") {
    return {
      subject: `Your visit from ${facts.companyName} on ${when} is cancelled`,
      title: "Your visit is cancelled",
      lines: [
        `${facts.companyName} cancelled your visit (${visit}) on ${when}.`,
        `If you still need the visit, contact ${facts.companyName} to book a new time.`,
      ],
    };
  }
  if (facts.kind === "reminder") {
    return {
      subject: `Reminder: ${facts.companyName} visits you tomorrow${facts.arrivalWindow ? ", " : " at "}${clock}`,
      title: "Your visit is tomorrow",
      lines: [`A reminder: ${facts.companyName} visits you tomorrow, ${when} (${visit}).`],
    };
  }
  if (facts.kind === "done") {
    return {
      subject: `${facts.companyName} has finished your visit`,
      title: "Your visit is done",
      lines: [
        `${facts.companyName} has finished your visit (${visit}). Thank you!`,
        ...(facts.reviewUrl ? [`How did we do? Leave a review: ${facts.reviewUrl}`] : []),
      ],
    };
  }
  const who = facts.technicianName ? `${facts.technicianName} from ${facts.companyName}` : facts.companyName;
  return {
    subject: facts.arrivalTime
      ? `${facts.companyName} is on the way, arriving about ${facts.arrivalTime}`
      : `${facts.companyName} is on the way`,
    title: "We are on the way",
    lines: [
      `${who} is on the way to ${facts.location} for your visit (${facts.jobType}).`,
      ...(facts.arrivalTime ? [`Expected arrival: about ${facts.arrivalTime}.`] : []),
    ],
  };
}

export function renderCustomerNotice(given: CustomerNoticeFacts) {
  const facts = withInertCompanyName(given);
  return renderNoticeWords(withVisitLink(wordsOf(facts), facts), facts.companyName, facts.unsubscribeLink);
}

/** Any notice's words as text and HTML, ending with why it came and the unsubscribe link. */
export function renderNoticeWords(
  words: { subject: string; title: string; lines: string[] },
  companyName: string,
  unsubscribeLink: string,
) {
  const { subject, title, lines } = words;
  const facts = { companyName, unsubscribeLink };
  const why = `You receive this e-mail because you booked a visit with ${facts.companyName}.`;
  const text = [
    "Hello,",
    "",
    ...lines,
    "",
    why,
    "To stop these e-mails, open this link:",
    facts.unsubscribeLink,
    "",
  ].join("\n");
  const html = htmlLayout(
    title,
    [
      "<p>Hello,</p>",
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p style="font-size:12px;color:#6b7280">${escapeHtml(why)} <a href="${escapeHtml(facts.unsubscribeLink)}">Unsubscribe</a></p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}
