ALTER TABLE "company_settings" ADD COLUMN "notice_settle_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notice" ADD COLUMN "send_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_notice" ADD COLUMN "visit" jsonb;
