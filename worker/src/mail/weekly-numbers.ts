/**
 * The owners' weekly e-mail (docs/numbers.md): the five main numbers of the week, each with
 * the week before, and a link to the Numbers screen. Plain text and the same as an HTML table.
 */
import { config } from "@sched/core/config";
import type { WeeklyNumbersFacts } from "@sched/core/queries/weekly-numbers-mail";
import { formatCalendarDate, formatMoney, type PeriodNumbersDTO } from "@sched/shared-types";
import { button, escapeHtml, htmlLayout, inertName } from "./layout";

const percent = (part: number, whole: number) =>
  whole === 0 ? "none" : `${Math.round((part / whole) * 100)}%`;

/** Each figure's words for one week. */
function figuresOf(week: PeriodNumbersDTO, facts: WeeklyNumbersFacts): [string, string][] {
  const jobMinutes = week.utilization.reduce((sum, row) => sum + row.jobMinutes, 0);
  const clockedMinutes = week.utilization.reduce((sum, row) => sum + row.clockedMinutes, 0);
  const onTime = week.onTime.jobs - week.onTime.late;
  const rows: [string, string][] = [
    [
      "Calls booked",
      `${percent(week.calls.booked, week.calls.logged)} (${week.calls.booked} of ${week.calls.logged})`,
    ],
    ["Utilization (time on jobs / hours clocked)", percent(jobMinutes, clockedMinutes)],
    ["Jobs started on time", `${percent(onTime, week.onTime.jobs)} (${onTime} of ${week.onTime.jobs})`],
    ["Jobs done", String(week.jobs.done)],
  ];
  if (facts.hasMoney && week.money) {
    const money = (amount: number) => formatMoney({ amount, currency: week.money!.currency }, facts.locale);
    rows.push(["Billed / paid", `${money(week.money.billed)} / ${money(week.money.paid)}`]);
  }
  return rows;
}

export function renderWeeklyNumbersEmail(facts: WeeklyNumbersFacts) {
  const { numbers } = facts;
  const company = inertName(facts.companyName);
  const week = `${formatCalendarDate(numbers.from)} to ${formatCalendarDate(numbers.to)}`;
  const title = "Last week's numbers";
  const link = `${config.appUrl}/numbers?kind=week&from=${numbers.from}&to=${numbers.to}`;
  const current = figuresOf(numbers, facts);
  const before = figuresOf(numbers.previous, facts);
  const rows = current.map(([label, value], index) => ({ label, value, before: before[index][1] }));
  const text = [
    title,
    "",
    `${company}, ${week} (the week before in brackets):`,
    "",
    ...rows.map((row) => `${row.label}: ${row.value} (week before: ${row.before})`),
    "",
    `Open the numbers: ${link}`,
  ].join("\n");
  const cell = (value: string, tag = "td") =>
    `<${tag} style="text-align:left;padding:4px 8px;border-bottom:1px solid #e5e7eb">${escapeHtml(value)}</${tag}>`;
  const table = [
    '<table style="border-collapse:collapse">',
    `<tr>${cell("", "th")}${cell("Last week", "th")}${cell("Week before", "th")}</tr>`,
    ...rows.map((row) => `<tr>${cell(row.label, "th")}${cell(row.value)}${cell(row.before)}</tr>`),
    "</table>",
  ].join("\n");
  const html = htmlLayout(
    title,
    `<p>${escapeHtml(`${company}, ${week}:`)}</p>\n${table}\n${button(link, "Open the numbers")}`,
  );
  return { subject: `${company}: last week's numbers (${week})`, text, html };
}
