ALTER TABLE "job_series" ADD COLUMN "shift_days" integer DEFAULT 0 NOT NULL;
