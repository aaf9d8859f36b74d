/**
 * Timesheets (docs/timesheets.md): the day clock from My Day, the week per person, the
 * office's corrections and approvals, the entry's history and the payroll CSV.
 */

import { correctTimeEntry } from "@sched/core/commands/correct-time-entry";
import { clockTime } from "@sched/core/commands/time-clock";
import { approveWeek, reopenWeek } from "@sched/core/commands/timesheet-approval";
import { timeEntries } from "@sched/core/db/schema";
import { NotFound } from "@sched/core/errors";
import { canReadTimeEntry } from "@sched/core/policies/time-entry-access";
import { loadCompanySettings } from "@sched/core/queries/company-settings";
import { loadEntryHistory, loadTimesheets } from "@sched/core/queries/timesheets";
import { buildTimesheetCsv, timesheetCsvFilename } from "@sched/core/timesheets/timesheet-csv";
import { weekOfInstant } from "@sched/core/timesheets/week-lock";
import {
  TIME_ENTRY_NOT_FOUND,
  ZIdParams,
  ZTimeClock,
  ZTimeEntry,
  ZTimeEntryCorrection,
  ZTimesheet,
  ZTimesheetChange,
  ZTimesheetCsvQuery,
  ZTimesheetQuery,
  ZTimesheetWeek,
  ZTimesheetWeekAction,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";

export const timesheetsRouter = Router();

/** "Start my day" / "End my day": a tap kept offline is sent again with its key and recorded once. */
timesheetsRouter.post(
  "/time-clock",
  route(
    { access: { company: "clockTime" }, body: ZTimeClock, idempotent: true, response: ZTimeEntry },
    ({ member, body }) => clockTime(member, body),
  ),
);

timesheetsRouter.get(
  "/timesheets",
  route(
    { access: { company: "read" }, query: ZTimesheetQuery, response: z.array(ZTimesheet) },
    ({ member, query }) => loadTimesheets(member, query),
  ),
);

timesheetsRouter.get(
  "/timesheets.csv",
  route(
    { access: { company: "readAllTimesheets" }, query: ZTimesheetCsvQuery },
    async ({ member, query, res }) => {
      const sheets = await loadTimesheets(member, { weekStart: query.weekStart });
      const { timeZone } = await loadCompanySettings(member.companyId);
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("Content-Disposition", `attachment; filename="${timesheetCsvFilename(query.weekStart)}"`);
      // A byte-order mark first, so that Excel reads the UTF-8 (accents in names) correctly.
      res.type("text/csv; charset=utf-8").send(`\ufeff${buildTimesheetCsv(sheets, timeZone)}`);
    },
  ),
);

timesheetsRouter.post(
  "/timesheets/approve",
  route(
    { access: { company: "manageTimesheets" }, body: ZTimesheetWeekAction, response: ZTimesheetWeek },
    ({ member, body }) => approveWeek(member, body),
  ),
);

timesheetsRouter.post(
  "/timesheets/reopen",
  route(
    { access: { company: "reopenTimesheets" }, body: ZTimesheetWeekAction, response: ZTimesheetWeek },
    ({ member, body }) => reopenWeek(member, body),
  ),
);

timesheetsRouter.put(
  "/time-entries/:id",
  route(
    { access: "user", params: ZIdParams, body: ZTimeEntryCorrection, response: ZTimeEntry },
    async ({ userId, params, body }) => {
      const { member } = await loadAuthorizedRow(
        timeEntries,
        params.id,
        userId,
        "manageTimesheets",
        TIME_ENTRY_NOT_FOUND,
      );
      return correctTimeEntry(member, params.id, body);
    },
  ),
);

/** An entry's history: the office's for anyone, a technician's for their own entries (another is not found). */
timesheetsRouter.get(
  "/time-entries/:id/history",
  route(
    { access: "user", params: ZIdParams, response: z.array(ZTimesheetChange) },
    async ({ userId, params }) => {
      const { row, member } = await loadAuthorizedRow(
        timeEntries,
        params.id,
        userId,
        "read",
        TIME_ENTRY_NOT_FOUND,
      );
      if (!(await canReadTimeEntry(member, row))) {
        throw new NotFound(TIME_ENTRY_NOT_FOUND);
      }
      const { timeZone } = await loadCompanySettings(member.companyId);
      return loadEntryHistory(row, weekOfInstant(row.clockIn, timeZone));
    },
  ),
);
