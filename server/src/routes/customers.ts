/**
 * Customers (docs/customers.md): owners and admins add, edit, delete and import them and
 * read them all; a technician reads the customers of their own jobs (the address and the
 * phone), and any other is not found.
 */

import { importCustomers } from "@sched/core/commands/import-customers";
import { createCustomer, deleteCustomer, updateCustomer } from "@sched/core/commands/save-customer";
import { customers } from "@sched/core/db/schema";
import { NotFound } from "@sched/core/errors";
import { customerDetail, isCustomerVisibleTo, searchCustomers } from "@sched/core/queries/customers";
import {
  CUSTOMER_NOT_FOUND,
  ZCustomer,
  ZCustomerCreate,
  ZCustomerDetail,
  ZCustomerImport,
  ZCustomerImportResult,
  ZCustomerListQuery,
  ZCustomerUpdate,
  ZIdParams,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";
import { rowChangeRoutes } from "../http/row-routes";

export const customersRouter = Router();

customersRouter.get(
  "/",
  route(
    { access: { company: "read" }, query: ZCustomerListQuery, response: z.array(ZCustomer) },
    ({ member, query }) => searchCustomers(member, query.q, query.limit),
  ),
);

customersRouter.post(
  "/",
  route(
    {
      access: { company: "manageCustomers" },
      body: ZCustomerCreate,
      idempotent: true,
      status: 201,
      response: ZCustomer,
    },
    ({ member, body }) => createCustomer(member, body),
  ),
);

/** A spreadsheet as CSV text; `dryRun` answers the same counts and changes without writing; `mode` fillEmpty (default) or overwrite. */
customersRouter.post(
  "/import",
  route(
    { access: { company: "manageCustomers" }, body: ZCustomerImport, response: ZCustomerImportResult },
    ({ member, body }) => importCustomers(member, body.csv, body.dryRun, body.mode),
  ),
);

customersRouter.get(
  "/:id",
  route({ access: "user", params: ZIdParams, response: ZCustomerDetail }, async ({ userId, params }) => {
    const { row, member } = await loadAuthorizedRow(customers, params.id, userId, "read", CUSTOMER_NOT_FOUND);
    if (!(await isCustomerVisibleTo(member, row.id))) throw new NotFound(CUSTOMER_NOT_FOUND);
    return customerDetail(row, member);
  }),
);

rowChangeRoutes(customersRouter, {
  table: customers,
  action: "manageCustomers",
  notFound: CUSTOMER_NOT_FOUND,
  body: ZCustomerUpdate,
  response: ZCustomer,
  update: updateCustomer,
  remove: deleteCustomer,
});
