ALTER TABLE "jobs" ADD COLUMN "tapped_start_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: each job's first Start tap, as the on-time figure read it from job_taps until now.
UPDATE "jobs" j SET "tapped_start_at" = s.first_start
FROM (SELECT t.job_id, min(t.at) AS first_start FROM "job_taps" t WHERE t.kind = 'start' GROUP BY t.job_id) s
WHERE j.id = s.job_id;
