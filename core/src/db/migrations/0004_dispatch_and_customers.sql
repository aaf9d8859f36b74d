CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "customer_notice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid,
	"customer_id" uuid,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"phone_normalized" text,
	"email" text,
	"address" text,
	"notes" text,
	"search_text" text DEFAULT '' NOT NULL,
	"notices_opted_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "job_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"type" text NOT NULL,
	"location" text NOT NULL,
	"description" text,
	"time" varchar(5) NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"customer_id" uuid,
	"start_date" date NOT NULL,
	"rrule" text NOT NULL,
	"generated_until" date,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "call_record" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "working_days" integer[] DEFAULT '{1,2,3,4,5,6}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "workday_start" varchar(5) DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "workday_end" varchar(5) DEFAULT '19:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "job_type_durations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "customer_notices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_settings" ADD COLUMN "reminder_time" varchar(5) DEFAULT '17:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "duration_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "occurrence_date" date;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "is_detached" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_notice" ADD CONSTRAINT "customer_notice_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notice" ADD CONSTRAINT "customer_notice_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notice" ADD CONSTRAINT "customer_notice_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_series" ADD CONSTRAINT "job_series_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notice_dedupe_idx" ON "customer_notice" USING btree ("company_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "customer_notice_unsent_idx" ON "customer_notice" USING btree ("created_at") WHERE "customer_notice"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "customers_company_name_idx" ON "customers" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_phone_idx" ON "customers" USING btree ("company_id","phone_normalized") WHERE "customers"."phone_normalized" is not null;--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "job_series_company_idx" ON "job_series" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_series_open_idx" ON "job_series" USING btree ("generated_until");--> statement-breakpoint
ALTER TABLE "call_record" ADD CONSTRAINT "call_record_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_series_id_job_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."job_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_customer_idx" ON "jobs" USING btree ("customer_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_series_occurrence_idx" ON "jobs" USING btree ("series_id","occurrence_date");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_duration_steps" CHECK ("jobs"."duration_minutes" between 15 and 720 and "jobs"."duration_minutes" % 15 = 0);