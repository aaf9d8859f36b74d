CREATE TABLE "sms_opt_out" (
	"company_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_out_company_id_phone_pk" PRIMARY KEY("company_id","phone")
);
--> statement-breakpoint
DROP INDEX "customer_notice_dedupe_idx";--> statement-breakpoint
ALTER TABLE "customer_notice" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "sms_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_opt_out" ADD CONSTRAINT "sms_opt_out_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notice_dedupe_idx" ON "customer_notice" USING btree ("company_id","dedupe_key","channel");