/**
 * Customers (docs/customers.md): owners and admins add, edit, delete and import them; every
 * member reads them (a technician needs the address and the phone).
 */
import { importCustomers } from "@sched/core/commands/import-customers";
import { createCustomer, deleteCustomer, updateCustomer } from "@sched/core/commands/save-customer";
import { customers } from "@sched/core/db/schema";
import { customerDetail, searchCustomers } from "@sched/core/queries/customers";
import {
  CUSTOMER_NOT_FOUND,
  ZCustomerCreate,
  ZCustomerImport,
  ZCustomerListQuery,
  ZCustomerUpdate,
  ZIdParams,
} from "@sched/shared-types";
import { Router } from "express";
import { route, rowDoor } from "../http/route";
import { rowChangeRoutes } from "../http/row-routes";

export const customersRouter = Router();

customersRouter.get(
  "/",
  route({ access: { company: "read" }, query: ZCustomerListQuery }, ({ member, query }) =>
    searchCustomers(member.companyId, query.q, query.limit),
  ),
);

customersRouter.post(
  "/",
  route(
    { access: { company: "manageCustomers" }, body: ZCustomerCreate, idempotent: true, status: 201 },
    ({ member, body }) => createCustomer(member, body),
  ),
);

/** A spreadsheet as CSV text; `dryRun` answers the same counts without writing. */
customersRouter.post(
  "/import",
  route({ access: { company: "manageCustomers" }, body: ZCustomerImport }, ({ member, body }) =>
    importCustomers(member, body.csv, body.dryRun),
  ),
);

customersRouter.get(
  "/:id",
  route({ access: "user", params: ZIdParams }, async ({ userId, params }) => {
    const { row } = await rowDoor(customers, params.id, userId, "read", CUSTOMER_NOT_FOUND);
    return customerDetail(row);
  }),
);

rowChangeRoutes(customersRouter, {
  table: customers,
  action: "manageCustomers",
  notFound: CUSTOMER_NOT_FOUND,
  body: ZCustomerUpdate,
  update: updateCustomer,
  remove: deleteCustomer,
});
