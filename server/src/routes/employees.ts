import { deleteEmployee } from "@sched/core/commands/delete-employee";
import { createEmployee, EMPLOYEE_NOT_FOUND, updateEmployee } from "@sched/core/commands/save-employee";
import { employees } from "@sched/core/db/schema";
import { listEmployees } from "@sched/core/queries/employees";
import {
  ZEmployee,
  ZEmployeeCreate,
  ZEmployeeDeleteQuery,
  ZEmployeeUpdate,
  ZIdParams,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";
import { expectedVersion } from "../http/versions";

export const employeesRouter = Router();

employeesRouter.get(
  "/",
  route({ access: { company: "read" }, response: z.array(ZEmployee) }, ({ member }) =>
    listEmployees(member.companyId),
  ),
);

employeesRouter.post(
  "/",
  route(
    {
      access: { company: "manageRoster" },
      body: ZEmployeeCreate,
      idempotent: true,
      status: 201,
      response: ZEmployee,
    },
    ({ member, body }) => createEmployee(member, body),
  ),
);

employeesRouter.put(
  "/:id",
  route(
    { access: "user", params: ZIdParams, body: ZEmployeeUpdate, response: ZEmployee },
    async ({ userId, params, body, req }) => {
      const { row, member } = await loadAuthorizedRow(
        employees,
        params.id,
        userId,
        "manageRoster",
        EMPLOYEE_NOT_FOUND,
      );
      return updateEmployee(member, row.id, body, expectedVersion(req, body.version));
    },
  ),
);

/** An employee who still has jobs or messages is kept (409 with the counts) unless `?confirm=true`. */
employeesRouter.delete(
  "/:id",
  route(
    { access: "user", params: ZIdParams, query: ZEmployeeDeleteQuery, status: 204 },
    async ({ userId, params, query }) => {
      const { row, member } = await loadAuthorizedRow(
        employees,
        params.id,
        userId,
        "manageRoster",
        EMPLOYEE_NOT_FOUND,
      );
      await deleteEmployee(member, row, query.confirm);
    },
  ),
);
