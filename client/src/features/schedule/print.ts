/**
 * Print Schedule: a plain, print-ready page of the week's 7 days in a window of its
 * own (employees by day, landscape), then the browser's print dialog.
 */
import {
  type EmployeeDTO,
  EXPORT_DAYS,
  type JobDTO,
  PRINT_META_FIELDS,
  showsCardTag,
} from "@sched/shared-types";
import dayjs from "dayjs";
import { formatDuration, formatTimeRange } from "../../entities/job/duration";
import { jobFieldWords } from "../../entities/job/jobStyle";
import { weekRangeLabel } from "../../lib/dates";
import { buildGridModel } from "./gridModel";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const STYLES = `
  @page { size: landscape; margin: 12mm; }
  body { font: 11px/1.35 -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #0f172a; margin: 16px; }
  h1 { font-size: 18px; margin: 0 0 2px; }
  .meta { color: #475569; margin: 0 0 12px; }
  .toolbar { margin-bottom: 12px; }
  .toolbar button { font: inherit; padding: 6px 14px; cursor: pointer; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  th, td { border: 1px solid #cbd5e1; padding: 4px 5px; vertical-align: top; text-align: left; }
  th { background: #f1f5f9; }
  th.person { width: 12%; }
  .job { margin-bottom: 4px; padding-bottom: 3px; border-bottom: 1px dotted #cbd5e1; break-inside: avoid; }
  .job:last-child { border-bottom: 0; margin-bottom: 0; }
  .when { font-weight: 600; }
  .owner { font-weight: 600; color: #475569; }
  .customer { font-weight: 600; }
  .muted { color: #64748b; }
  .description { white-space: pre-line; font-style: italic; }
  /* A number broken over two lines gets dialled wrong: it wraps whole, before or after. */
  .phone { white-space: nowrap; }
  @media print { .toolbar { display: none; } }
`;

/** One job; `owner` names whose it is in the Inactive row. `data-job-id` lets tests count each job once. */
function jobHtml(job: JobDTO, owner: string | null): string {
  // The grey line: status, payment, amount, priority… as the job's field list says (job-fields.ts).
  const meta = PRINT_META_FIELDS.filter((name) => showsCardTag(name, job[name]))
    .map((name) => jobFieldWords(name, job[name]))
    .join(" · ");
  // What needs doing is what a technician wants on paper.
  const description = job.description?.trim()
    ? `\n<div class="description">${escapeHtml(job.description.trim())}</div>`
    : "";
  const who = owner === null ? "" : `<div class="owner">${escapeHtml(owner)}</div>`;
  // Who to ask for and how to reach them, for the technician at the door.
  const contact = [
    job.customerName ? escapeHtml(job.customerName) : "",
    job.customerPhone ? `<span class="phone">${escapeHtml(job.customerPhone)}</span>` : "",
  ].filter(Boolean);
  const customer = contact.length > 0 ? `\n<div class="customer">${contact.join(" · ")}</div>` : "";
  return `<div class="job" data-job-id="${escapeHtml(job.id)}">${who}<div class="when">${formatTimeRange(job.time, job.durationMinutes)} (${formatDuration(job.durationMinutes)}) ${escapeHtml(job.type)}</div>${customer}
<div>${escapeHtml(job.location)}</div>${description}
<div class="muted">${escapeHtml(meta)}</div></div>`;
}

/**
 * The whole document, exported for tests and for the History screen's print, if it wants
 * one. `employees` are the rows (the board's); `everyone` names the owners of jobs in the
 * Inactive row, where every other job of the week goes (gridModel.ts).
 */
export function buildPrintHtml(
  jobs: JobDTO[],
  employees: EmployeeDTO[],
  weekStart: string,
  companyName: string,
  everyone: EmployeeDTO[] = employees,
): string {
  const model = buildGridModel({ weekStart, jobs, rows: employees, everyone, span: "week" });
  const range = weekRangeLabel(weekStart, EXPORT_DAYS);
  const head = model.days.map((date) => `<th>${dayjs(date).format("ddd, MMM D")}</th>`).join("");
  const rows = model.rows
    .map((row) => {
      const owner = (job: JobDTO) => (row.employee ? null : model.employeeName(job));
      const cells = model.days
        .map(
          (date) =>
            `<td>${model
              .jobsIn(row.key, date)
              .map((job) => jobHtml(job, owner(job)))
              .join("")}</td>`,
        )
        .join("");
      return `<tr><th class="person">${escapeHtml(row.label)}</th>${cells}</tr>`;
    })
    .join("");
  const title = `Schedule ${range}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>${STYLES}</style></head><body>
<div class="toolbar"><button type="button" id="print-now">Print</button></div>
<h1>${escapeHtml(companyName)} — Weekly Schedule</h1>
<p class="meta">${escapeHtml(range)}</p>
<table><thead><tr><th class="person">Employee</th>${head}</tr></thead><tbody>${rows}</tbody></table>
</body></html>`;
}

/**
 * Opens the print window and starts printing. False when the browser blocked the
 * window (a pop-up blocker), so the caller can say so.
 */
export function openPrintWindow(html: string): boolean {
  const printWindow = window.open("", "_blank");
  if (!printWindow) return false;
  printWindow.document.open();
  printWindow.document.write(html);
  printWindow.document.close();
  // The page's own scripts would be blocked by the app's CSP: wire its button from here.
  printWindow.document.getElementById("print-now")?.addEventListener("click", () => printWindow.print());
  printWindow.focus();
  printWindow.setTimeout(() => printWindow.print(), 250);
  return true;
}
