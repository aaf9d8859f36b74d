ALTER TABLE "job_series" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "job_series" ADD COLUMN "customer_phone" text;