ALTER TABLE "jobs" ALTER COLUMN "employee_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "time" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_unscheduled_idx" ON "jobs" USING btree ("company_id","created_at") WHERE "jobs"."date" is null;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_scheduled_together" CHECK (("jobs"."employee_id" is null and "jobs"."date" is null and "jobs"."time" is null) or ("jobs"."employee_id" is not null and "jobs"."date" is not null and "jobs"."time" is not null));