-- A scheduled job's move, recorded whatever path changed it (docs/numbers.md, "Rescheduled").
CREATE OR REPLACE FUNCTION record_job_move() RETURNS trigger AS $$
BEGIN
  INSERT INTO job_move (company_id, job_id, from_date, from_time, to_date, to_time)
  VALUES (OLD.company_id, OLD.id, OLD.date, OLD.time, NEW.date, NEW.time);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER jobs_record_move AFTER UPDATE OF date, time ON jobs
FOR EACH ROW
WHEN (OLD.date IS NOT NULL AND (OLD.date IS DISTINCT FROM NEW.date OR OLD.time IS DISTINCT FROM NEW.time))
EXECUTE FUNCTION record_job_move();
