/**
 * Invoices (docs/money.md): owners and admins make them from jobs, read them, void them and
 * add credit notes; nothing edits one in place.
 */
import { createInvoice } from "@sched/core/commands/create-invoice";
import { createCreditNote, voidInvoice } from "@sched/core/commands/invoice-corrections";
import { listInvoicePayments } from "@sched/core/commands/record-payment";
import { sendInvoice } from "@sched/core/commands/send-invoice";
import { invoices } from "@sched/core/db/schema";
import { loadScoped } from "@sched/core/db/scoped";
import { assertReadsMoney } from "@sched/core/policies/money-reading";
import { assertTakesPayment } from "@sched/core/policies/payment-access";
import { invoiceDetail, invoicePdfOf, listInvoices } from "@sched/core/queries/invoices";
import {
  INVOICE_NOT_FOUND,
  ZCreditNoteCreate,
  ZIdParams,
  ZInvoice,
  ZInvoiceCreate,
  ZInvoiceListQuery,
  ZInvoiceSend,
  ZInvoiceSent,
  ZInvoiceSummary,
  ZInvoiceVoid,
  ZPayment,
} from "@sched/shared-types";
import { Router } from "express";
import { z } from "zod";
import { loadAuthorizedRow, route } from "../http/route";
import { expectedVersion } from "../http/versions";

export const invoicesRouter = Router();

/** An invoice of a company where the user may `action`; another company's is not found. */
const invoiceOf = (userId: string, id: string, action: "read" | "manageMoney") =>
  loadAuthorizedRow(invoices, id, userId, action, INVOICE_NOT_FOUND);

invoicesRouter.get(
  "/",
  route(
    { access: { company: "read" }, query: ZInvoiceListQuery, response: z.array(ZInvoiceSummary) },
    ({ member, query }) => {
      assertReadsMoney(member);
      return listInvoices(member, query.status);
    },
  ),
);

invoicesRouter.post(
  "/",
  route(
    {
      access: { company: "manageMoney" },
      body: ZInvoiceCreate,
      idempotent: true,
      status: 201,
      response: ZInvoice,
    },
    ({ member, body }) => createInvoice(member, body),
  ),
);

// Before "/:id", which would read "…pdf" as an id.
invoicesRouter.get(
  "/:id.pdf",
  route({ access: "user", params: ZIdParams }, async ({ userId, params, res }) => {
    const { row, member } = await invoiceOf(userId, params.id, "read");
    assertReadsMoney(member);
    const pdf = await invoicePdfOf(row);
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Content-Disposition", `inline; filename="invoice-${row.number}.pdf"`);
    res.type("application/pdf").send(pdf);
  }),
);

invoicesRouter.get(
  "/:id",
  route({ access: "user", params: ZIdParams, response: ZInvoice }, async ({ userId, params }) => {
    const { row, member } = await invoiceOf(userId, params.id, "read");
    assertReadsMoney(member);
    return invoiceDetail(row);
  }),
);

invoicesRouter.post(
  "/:id/void",
  route(
    { access: "user", params: ZIdParams, body: ZInvoiceVoid, response: ZInvoice },
    async ({ userId, params, body, req }) => {
      const { member } = await invoiceOf(userId, params.id, "manageMoney");
      return voidInvoice(member, params.id, body.reason, expectedVersion(req, body.version));
    },
  ),
);

invoicesRouter.post(
  "/:id/credit-notes",
  route(
    {
      access: "user",
      params: ZIdParams,
      body: ZCreditNoteCreate,
      idempotent: true,
      status: 201,
      response: ZInvoice,
    },
    async ({ userId, params, body, req }) => {
      const { member } = await invoiceOf(userId, params.id, "manageMoney");
      return createCreditNote(member, params.id, body, expectedVersion(req, body.version));
    },
  ),
);

// Who may record a payment on the invoice reads its payments (a technician: their own job's).
invoicesRouter.get(
  "/:id/payments",
  route({ access: "user", params: ZIdParams, response: z.array(ZPayment) }, async ({ userId, params }) => {
    const { row, member } = await loadScoped(invoices, params.id, userId, INVOICE_NOT_FOUND);
    await assertTakesPayment(member, row, "read");
    return listInvoicePayments(row.id);
  }),
);

// Marks the invoice sent and owes the customer its page's link, by e-mail with the PDF or by text (docs/invoice-page.md).
invoicesRouter.post(
  "/:id/send",
  route(
    { access: "user", params: ZIdParams, body: ZInvoiceSend, response: ZInvoiceSent },
    async ({ userId, params, body, req }) => {
      const { member } = await invoiceOf(userId, params.id, "manageMoney");
      return sendInvoice(member, params.id, expectedVersion(req, body.version), body.channel);
    },
  ),
);
