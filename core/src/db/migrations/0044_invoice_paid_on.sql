ALTER TABLE "invoices" ADD COLUMN "paid_on" date;--> statement-breakpoint
CREATE INDEX "invoices_company_paid_idx" ON "invoices" USING btree ("company_id","paid_on") WHERE "invoices"."paid_on" is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_paid_on_paid" CHECK ("invoices"."paid_on" is null or "invoices"."status" = 'paid');--> statement-breakpoint
-- Backfill: each paid invoice's payments (net of refunds) and credit notes added in the order
-- they came, as days to paid read them until now; the payment that brought the balance to zero
-- gives paid_on, a credit note that did leaves it null (invoice-settlement.ts).
UPDATE "invoices" i SET "paid_on" = s.on_date
FROM (
  SELECT DISTINCT ON (running.invoice_id) running.invoice_id, running.on_date, running.is_payment
  FROM (
    SELECT e.*, k.total, sum(e.amount) OVER (
      PARTITION BY e.invoice_id ORDER BY e.on_date, e.created_at ROWS UNBOUNDED PRECEDING
    ) AS settled
    FROM (
      SELECT p.invoice_id, p.received_on AS on_date, p.created_at, p.amount - p.refunded AS amount, true AS is_payment
      FROM "payments" p
      UNION ALL
      SELECT c.invoice_id, c.issued_on, c.created_at, c.amount, false FROM "credit_notes" c
    ) e JOIN "invoices" k ON k.id = e.invoice_id AND k.status = 'paid'
  ) running
  WHERE running.settled >= running.total
  ORDER BY running.invoice_id, running.on_date, running.created_at
) s
WHERE i.id = s.invoice_id AND s.is_payment;
