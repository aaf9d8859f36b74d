/**
 * Time off (docs/time-off.md): every member reads the company's time off (a technician
 * sees the others' approved days without kind or note) and asks for their own; owners and
 * admins enter anyone's, approve and decline requests, and remove any.
 */

import { decideTimeOff, removeTimeOff, requestTimeOff } from "@sched/core/commands/time-off";
import { timeOff } from "@sched/core/db/schema";
import { listTimeOff } from "@sched/core/queries/time-off";
import { bookedJobsDuring } from "@sched/core/queries/time-off-jobs";
import {
  TIME_OFF_NOT_FOUND,
  ZIdParams,
  ZJob,
  ZTimeOff,
  ZTimeOffCreate,
  ZTimeOffDecision,
  ZTimeOffListQuery,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";

export const timeOffRouter = Router();

timeOffRouter.get(
  "/",
  route(
    { access: { company: "read" }, query: ZTimeOffListQuery, response: z.array(ZTimeOff) },
    ({ member, query }) => listTimeOff(member, query),
  ),
);

timeOffRouter.post(
  "/",
  route(
    {
      access: { company: "requestTimeOff" },
      body: ZTimeOffCreate,
      idempotent: true,
      status: 201,
      response: ZTimeOff,
    },
    ({ member, body }) => requestTimeOff(member, body),
  ),
);

/** The office's look before approving: the employee's open jobs during the time off (docs/time-off.md). */
timeOffRouter.get(
  "/:id/jobs",
  route({ access: "user", params: ZIdParams, response: z.array(ZJob) }, async ({ userId, params }) => {
    const { row } = await loadAuthorizedRow(timeOff, params.id, userId, "manageTimeOff", TIME_OFF_NOT_FOUND);
    return bookedJobsDuring(row);
  }),
);

timeOffRouter.put(
  "/:id",
  route(
    { access: "user", params: ZIdParams, body: ZTimeOffDecision, response: ZTimeOff },
    async ({ userId, params, body }) => {
      const { member } = await loadAuthorizedRow(
        timeOff,
        params.id,
        userId,
        "manageTimeOff",
        TIME_OFF_NOT_FOUND,
      );
      return decideTimeOff(member, params.id, body);
    },
  ),
);

timeOffRouter.delete(
  "/:id",
  route({ access: "user", params: ZIdParams, status: 204 }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(
      timeOff,
      params.id,
      userId,
      "requestTimeOff",
      TIME_OFF_NOT_FOUND,
    );
    await removeTimeOff(member, row);
  }),
);
