ALTER TABLE "invoices" ADD COLUMN "work_done_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoice_jobs_job_idx" ON "invoice_jobs" USING btree ("job_id");--> statement-breakpoint
-- An invoice's work_done_at: the latest completed_at of its jobs (docs/numbers.md, "Speed"),
-- recomputed whenever a job's completion changes or a job joins or leaves an invoice.
CREATE OR REPLACE FUNCTION invoice_work_done_refresh(invoice uuid) RETURNS void AS $$
  UPDATE invoices i SET work_done_at = (
    SELECT max(j.completed_at) FROM invoice_jobs ij JOIN jobs j ON j.id = ij.job_id WHERE ij.invoice_id = i.id
  )
  WHERE i.id = invoice;
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION job_completion_to_invoices() RETURNS trigger AS $$
BEGIN
  PERFORM invoice_work_done_refresh(ij.invoice_id) FROM invoice_jobs ij WHERE ij.job_id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_completion_to_invoices AFTER UPDATE OF completed_at ON jobs
FOR EACH ROW
WHEN (OLD.completed_at IS DISTINCT FROM NEW.completed_at)
EXECUTE FUNCTION job_completion_to_invoices();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_job_to_invoice() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM invoice_work_done_refresh(OLD.invoice_id);
  ELSE
    PERFORM invoice_work_done_refresh(NEW.invoice_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoice_jobs_to_invoice AFTER INSERT OR DELETE ON invoice_jobs
FOR EACH ROW EXECUTE FUNCTION invoice_job_to_invoice();
--> statement-breakpoint
-- Backfill: every invoice's jobs, as days to paid looked them up until now.
UPDATE invoices i SET work_done_at = w.done
FROM (
  SELECT ij.invoice_id, max(j.completed_at) AS done
  FROM invoice_jobs ij JOIN jobs j ON j.id = ij.job_id GROUP BY ij.invoice_id
) w
WHERE i.id = w.invoice_id AND w.done IS NOT NULL;
