CREATE TABLE "weekly_numbers_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"week_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "weekly_numbers_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_numbers_mails" ADD CONSTRAINT "weekly_numbers_mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_numbers_mails_company_week_idx" ON "weekly_numbers_mails" USING btree ("company_id","week_from");--> statement-breakpoint
CREATE INDEX "weekly_numbers_mails_created_idx" ON "weekly_numbers_mails" USING btree ("created_at");