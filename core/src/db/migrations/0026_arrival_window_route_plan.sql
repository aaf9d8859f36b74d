CREATE TABLE "route_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"jobs" jsonb NOT NULL,
	"applied_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_series" ADD COLUMN "arrival_window" jsonb;--> statement-breakpoint
ALTER TABLE "job_series" ADD COLUMN "flexible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "arrival_window" jsonb;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "flexible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "route_plan" ADD CONSTRAINT "route_plan_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_plan" ADD CONSTRAINT "route_plan_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "route_plan_company_date_idx" ON "route_plan" USING btree ("company_id","date");