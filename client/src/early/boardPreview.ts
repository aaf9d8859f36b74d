/**
 * The board preview (docs/schedule.md, "The first paint"): on a desktop load of the Week
 * View, the week's first screen of rows is painted from the early answers
 * (./boardRequests.ts) as soon as they are here, while React, antd and the app's own code
 * are still loading and starting, which takes about half a second more. It is the board's
 * own markup and style sheets (WeekGrid, JobCard), written with the DOM, made from the
 * board's own pure functions (gridModel, jobStyle, rowBatches), so it looks as the board
 * will; it is inert (nothing to click or focus yet). The app's Week View removes it as it
 * mounts (./handOff.ts); any other screen does too. Its style sheets are the app's first
 * (main.tsx imports them), so they are in the page before it paints.
 */
import CheckCircleFilled from "@ant-design/icons-svg/es/asn/CheckCircleFilled";
import ClockCircleOutlined from "@ant-design/icons-svg/es/asn/ClockCircleOutlined";
import CloseCircleFilled from "@ant-design/icons-svg/es/asn/CloseCircleFilled";
import EnvironmentOutlined from "@ant-design/icons-svg/es/asn/EnvironmentOutlined";
import PlusOutlined from "@ant-design/icons-svg/es/asn/PlusOutlined";
import RetweetOutlined from "@ant-design/icons-svg/es/asn/RetweetOutlined";
import SyncOutlined from "@ant-design/icons-svg/es/asn/SyncOutlined";
import UserDeleteOutlined from "@ant-design/icons-svg/es/asn/UserDeleteOutlined";
import WarningFilled from "@ant-design/icons-svg/es/asn/WarningFilled";
import type { AbstractNode, IconDefinition } from "@ant-design/icons-svg/es/types";
import {
  type CompanySettingsDTO,
  DEFAULT_COMPANY_SETTINGS,
  type EmployeeDTO,
  type JobDTO,
} from "@sched/shared-types";
import { initialsBadgeStyle } from "../components/initialsBadgeStyle";
import { avatarHexOf } from "../features/employees/avatarColors";
import { dayHeading, localToday } from "../features/schedule/calendarDays";
import { conflictCount, warningsOf } from "../features/schedule/conflictMarks";
import { formatTimeRange } from "../features/schedule/duration";
import { boardRoster, buildGridModel, type GridRow } from "../features/schedule/gridModel";
import {
  formatAmount,
  jobTypeClass,
  PAYMENT_LABELS,
  paymentTone,
  REPEATS_LABEL,
  type StatusTone,
  statusTone,
} from "../features/schedule/jobStyle";
import { firstScreenRows } from "../features/schedule/rowBatches";
import type { BoardQueries, EarlyAnswer } from "./earlyAnswers";
import { rememberedGridBox } from "./gridBox";
import { BOARD_PREVIEW_ID, isBoardPreviewOver } from "./handOff";

/** Where the grid goes when this device has not shown the board yet: under the header and nav. */
const DEFAULT_BOX = { top: 132, left: 24 };
/** How long a preview may stay if the app never shows a screen (it always does, far sooner). */
const LONGEST_PREVIEW_MS = 10_000;

const SVG = "http://www.w3.org/2000/svg";

/** An element with a class and, optionally, text (never markup: the text is the company's data). */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An svg element and its children, as @ant-design/icons-svg describes them. */
function svgNode({ tag, attrs, children = [] }: AbstractNode): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(svgNode(child));
  return node;
}

/** The icon as @ant-design/icons draws it: a span.anticon around a 1em svg in the text's colour. */
function drawIcon(definition: IconDefinition, className: string): HTMLSpanElement {
  const span = element("span", `anticon anticon-${definition.name} ${className}`.trim());
  const shape =
    typeof definition.icon === "function" ? definition.icon("currentColor", "none") : definition.icon;
  const svg = svgNode(shape);
  for (const [name, value] of Object.entries({ width: "1em", height: "1em", fill: "currentColor" })) {
    svg.setAttribute(name, value);
  }
  span.append(svg);
  return span;
}

/** Each icon is drawn once and copied after: a screen of cards shows the same few icons hundreds of times. */
const drawnIcons = new Map<string, HTMLSpanElement>();

function icon(definition: IconDefinition, className = ""): HTMLSpanElement {
  const key = `${definition.name} ${className}`;
  let drawn = drawnIcons.get(key);
  if (!drawn) {
    drawn = drawIcon(definition, className);
    drawnIcons.set(key, drawn);
  }
  return drawn.cloneNode(true) as HTMLSpanElement;
}

/** The status icon of each tone, as StatusIcon in JobCard.tsx shows it. */
const STATUS_ICONS: Record<StatusTone, IconDefinition> = {
  green: CheckCircleFilled,
  blue: SyncOutlined,
  red: CloseCircleFilled,
  grey: ClockCircleOutlined,
};

/** A card as JobCard draws it on the Week View. */
function jobCard(job: JobDTO): HTMLElement {
  const tone = paymentTone(job.paymentStatus);
  const warnings = warningsOf(job);
  const card = element(
    "button",
    [
      "job-card",
      jobTypeClass(job.type),
      `job-card--pay-${tone}`,
      "job-card--clickable",
      job.status === "cancelled" ? "job-card--cancelled" : "",
      warnings.length ? "job-card--conflict" : "",
    ]
      .filter(Boolean)
      .join(" "),
  );
  const top = element("span", "job-card__top");
  top.append(element("span", "job-card__type", job.type));
  if (job.seriesId) {
    const repeat = element("span", "job-card__repeat");
    repeat.title = "Recurring job";
    repeat.append(icon(RetweetOutlined), element("span", "job-card__sr-only", REPEATS_LABEL));
    top.append(repeat);
  }
  const status = statusTone(job.status);
  top.append(icon(STATUS_ICONS[status], `job-status-icon job-status-icon--${status}`));
  const location = element("span", "job-card__location");
  location.title = job.location;
  location.append(icon(EnvironmentOutlined), ` ${job.location}`);
  const bottom = element("span", "job-card__bottom");
  bottom.append(
    element(
      "span",
      `job-card__payment job-card__payment--${tone}`,
      PAYMENT_LABELS[job.paymentStatus] ?? job.paymentStatus,
    ),
  );
  if (job.amount) bottom.append(element("span", "job-card__amount", formatAmount(job.amount)));
  card.append(
    top,
    element(
      "span",
      "job-card__time",
      job.time ? formatTimeRange(job.time, job.durationMinutes) : "Unscheduled",
    ),
    location,
    bottom,
  );
  if (warnings.length) {
    const conflict = element("span", "job-card__conflict");
    conflict.append(icon(WarningFilled), ` ${conflictCount(warnings.length)}`);
    card.append(conflict);
  }
  return card;
}

/** A row as WeekGrid draws it: the employee (or Inactive) and a cell per day. */
function weekRow(
  row: GridRow,
  cells: JobDTO[][],
  days: string[],
  today: string,
  ownerOf: (job: JobDTO) => string,
) {
  const rowNode = element("div", "week-grid__row");
  const head = element("div", "week-grid__employee");
  if (row.employee) {
    const badge = element("span", "employee-avatar", row.employee.initials);
    Object.assign(
      badge.style,
      initialsBadgeStyle(row.employee.initials, 32, avatarHexOf(row.employee.avatarColor)),
    );
    head.append(badge);
  } else {
    head.append(icon(UserDeleteOutlined, "week-grid__inactive-icon"));
  }
  head.append(element("span", "week-grid__name", row.label));
  rowNode.append(head);
  days.forEach((date, index) => {
    const cell = element("div", date === today ? "week-grid__cell is-today" : "week-grid__cell");
    const jobs = cells[index] ?? [];
    for (const job of jobs) {
      if (row.employee) {
        cell.append(jobCard(job));
      } else {
        const owned = element("div", "week-grid__owned");
        owned.append(element("span", "week-grid__owner", ownerOf(job)), jobCard(job));
        cell.append(owned);
      }
    }
    if (row.employee) {
      const add = element("span", jobs.length ? "cell-add cell-add--more" : "cell-add");
      add.append(icon(PlusOutlined));
      cell.append(add);
    }
    rowNode.append(cell);
  });
  return rowNode;
}

type PreviewInput = {
  weekStart: string;
  employees: EmployeeDTO[];
  jobs: JobDTO[];
  settings: CompanySettingsDTO;
};

/** The preview's element: header and navigation bars, and the grid's first screen where the board puts it. */
export function boardPreview({ weekStart, employees, jobs, settings }: PreviewInput): HTMLElement {
  const model = buildGridModel({
    weekStart,
    jobs,
    rows: boardRoster(employees),
    everyone: employees,
    workingDays: settings.workingDays,
  });
  const cells = model.rows.map((row) => model.days.map((date) => model.jobsIn(row.key, date)));
  const box = rememberedGridBox() ?? { ...DEFAULT_BOX, width: window.innerWidth - 2 * DEFAULT_BOX.left };
  const shown = firstScreenRows(
    cells.map((rowCells) => ({
      tallestCell: Math.max(0, ...rowCells.map((cell) => cell.length)),
      cards: rowCells.reduce((sum, cell) => sum + cell.length, 0),
    })),
    Math.max(0, window.innerHeight - box.top),
  );
  const today = localToday();

  const preview = element("div", "board-preview");
  preview.id = BOARD_PREVIEW_ID;
  // Seen, not yet used: nothing in it can be focused or clicked, and screen readers wait for the board.
  preview.inert = true;
  preview.setAttribute("aria-hidden", "true");
  const scroll = element("section", "week-grid-scroll board-preview__grid");
  Object.assign(scroll.style, { top: `${box.top}px`, left: `${box.left}px`, width: `${box.width}px` });
  const grid = element("div", "week-grid");
  grid.style.setProperty("--grid-days", String(model.days.length));
  grid.append(element("div", "week-grid__corner", "Employee"));
  for (const date of model.days) {
    const heading = dayHeading(date);
    const day = element("div", date === today ? "week-grid__day is-today" : "week-grid__day");
    day.append(
      element("span", "week-grid__weekday", heading.weekday),
      element("span", "week-grid__date", heading.date),
    );
    grid.append(day);
  }
  model.rows.slice(0, shown).forEach((row, index) => {
    grid.append(weekRow(row, cells[index] ?? [], model.days, today, model.employeeName));
  });
  scroll.append(grid);
  preview.append(element("div", "board-preview__header"), element("div", "board-preview__nav"), scroll);
  return preview;
}

const dataOf = async <T>(answer: Promise<EarlyAnswer>): Promise<T | undefined> => {
  const settled = await answer.catch(() => undefined);
  return settled?.ok ? (settled.data as T) : undefined;
};

/**
 * Paints the preview once the user, the roster and the week have answered, unless the app
 * has shown a screen meanwhile or the answers say otherwise (signed out, no such company).
 */
export async function paintBoardPreview(queries: BoardQueries): Promise<void> {
  const [user, employees, jobs, settings] = await Promise.all([
    dataOf<unknown>(queries.user),
    dataOf<EmployeeDTO[]>(queries.answers.employees),
    dataOf<JobDTO[]>(queries.answers.jobs),
    dataOf<CompanySettingsDTO>(queries.answers.settings),
  ]);
  if (!user || !Array.isArray(employees) || !Array.isArray(jobs)) return;
  if (isBoardPreviewOver() || window.location.pathname !== "/schedule") return;
  const preview = boardPreview({
    weekStart: queries.weekStart,
    employees,
    jobs,
    settings: settings ?? DEFAULT_COMPANY_SETTINGS,
  });
  document.body.append(preview);
  setTimeout(() => preview.remove(), LONGEST_PREVIEW_MS);
}
