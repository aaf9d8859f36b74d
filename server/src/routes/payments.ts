/**
 * Payments recorded by people (docs/money.md): owners and admins on any invoice of the
 * company, a technician on an invoice of their own job; refunds by owners and admins. Both
 * honour Idempotency-Key, so a retried or replayed request records once.
 */
import { recordPayment, refundPayment } from "@sched/core/commands/record-payment";
import { invoices, payments } from "@sched/core/db/schema";
import { loadScoped } from "@sched/core/db/scoped";
import { assertTakesPayment } from "@sched/core/policies/payment-access";
import {
  INVOICE_NOT_FOUND,
  PAYMENT_NOT_FOUND,
  ZIdParams,
  ZPaymentAnswer,
  ZPaymentCreate,
  ZRefundCreate,
} from "@sched/shared-types";
import { Router } from "express";
import { loadAuthorizedRow, route } from "../http/route";
import { expectedVersion } from "../http/versions";

export const paymentsRouter = Router();

paymentsRouter.post(
  "/",
  route(
    {
      access: "user",
      body: ZPaymentCreate,
      idempotent: true,
      status: 201,
      response: ZPaymentAnswer,
    },
    async ({ userId, body, req }) => {
      const { row, member } = await loadScoped(invoices, body.invoiceId, userId, INVOICE_NOT_FOUND);
      await assertTakesPayment(member, row);
      return recordPayment(member, body, expectedVersion(req, body.version));
    },
  ),
);

paymentsRouter.post(
  "/:id/refund",
  route(
    {
      access: "user",
      params: ZIdParams,
      body: ZRefundCreate,
      idempotent: true,
      status: 201,
      response: ZPaymentAnswer,
    },
    async ({ userId, params, body, req }) => {
      const { member } = await loadAuthorizedRow(
        payments,
        params.id,
        userId,
        "manageMoney",
        PAYMENT_NOT_FOUND,
      );
      return refundPayment(member, params.id, body, expectedVersion(req, body.version));
    },
  ),
);
