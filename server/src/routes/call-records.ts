/**
 * The call log (docs/call-log.md): customer calls taken by the office, one day at a
 * time. Owners and admins log, edit and delete calls; every member reads them.
 */

import { deleteCallRecord } from "@sched/core/commands/delete-call-record";
import {
  CALL_RECORD_NOT_FOUND,
  createCallRecord,
  updateCallRecord,
} from "@sched/core/commands/save-call-record";
import { callRecords } from "@sched/core/db/schema";
import { listCallRecords } from "@sched/core/queries/call-records";
import { callDayOf } from "@sched/core/queries/daily-calls";
import { ZCallDayQuery, ZCallRecord, ZCallRecordCreate, ZCallRecordUpdate } from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { route } from "../http/route";
import { rowChangeRoutes } from "../http/row-routes";

export const callRecordsRouter = Router();

callRecordsRouter.get(
  "/",
  route(
    { access: { company: "read" }, query: ZCallDayQuery, response: z.array(ZCallRecord) },
    ({ member, query }) => listCallRecords(member.companyId, callDayOf(query)),
  ),
);

callRecordsRouter.post(
  "/",
  route(
    {
      access: { company: "manageCalls" },
      body: ZCallRecordCreate,
      idempotent: true,
      status: 201,
      response: ZCallRecord,
    },
    ({ member, body }) => createCallRecord(member, body),
  ),
);

rowChangeRoutes(callRecordsRouter, {
  table: callRecords,
  action: "manageCalls",
  notFound: CALL_RECORD_NOT_FOUND,
  body: ZCallRecordUpdate,
  response: ZCallRecord,
  update: updateCallRecord,
  remove: deleteCallRecord,
});
